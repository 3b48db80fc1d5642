import { AuditOutlined } from "@ant-design/icons";
import { Route } from "react-router";
import { lazyPage } from "@/components/routing/lazy-page";
import { RESOURCE } from "../names";
import type { AppResource, ResourceDeclaration } from "../resource";

const ImpersonationLog = lazyPage(() => import("./list"), "ImpersonationLog");

const resource = {
  name: RESOURCE.impersonationLog,
  list: "/control-center/impersonation-log",
  meta: {
    label: "Impersonation log",
    icon: <AuditOutlined />,
    subject: "controlCenter",
    parent: RESOURCE.controlCenter,
  },
} satisfies AppResource;

/** Every request made while impersonating, for system administrators. */
export const impersonationLog: ResourceDeclaration = {
  resource,
  routes: <Route path={resource.list} element={<ImpersonationLog />} />,
};
