import { ControlOutlined } from "@ant-design/icons";
import { RESOURCE } from "../names";
import type { AppResource, ResourceDeclaration } from "../resource";

const resource = {
  name: RESOURCE.controlCenter,
  meta: { label: "Control center", icon: <ControlOutlined />, subject: "controlCenter" },
} satisfies AppResource;

/**
 * The control center's menu group and the check its layout route makes (src/routes.tsx):
 * no pages of its own; its companies and impersonation log are resources under it.
 */
export const controlCenter: ResourceDeclaration = { resource };
