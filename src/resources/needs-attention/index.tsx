import { AlertOutlined } from "@ant-design/icons";
import { Route } from "react-router";
import { lazyPage } from "@/components/routing/lazy-page";
import { RESOURCE } from "../names";
import type { AppResource, ResourceDeclaration } from "../resource";

const NeedsAttentionPage = lazyPage(() => import("./page"), "NeedsAttentionPage");

const resource = {
  name: RESOURCE.needsAttention,
  list: "/needs-attention",
  meta: { label: "Needs attention", icon: <AlertOutlined />, subject: "labelReport" },
} satisfies AppResource;

/** Three report-list queries on one page (core/domain/needs-attention.ts). */
export const needsAttention: ResourceDeclaration = {
  resource,
  routes: <Route path={resource.list} element={<NeedsAttentionPage />} />,
};
