import { LineChartOutlined } from "@ant-design/icons";
import { Route } from "react-router";
import { lazyPage } from "@/components/routing/lazy-page";
import { RESOURCE } from "../names";
import type { AppResource, ResourceDeclaration } from "../resource";

const PerformancePage = lazyPage(() => import("./page"), "PerformancePage");

const resource = {
  name: RESOURCE.performance,
  list: "/performance",
  meta: { label: "Performance", icon: <LineChartOutlined />, subject: "labelReport" },
} satisfies AppResource;

/** Lane and carrier performance (GET /api/performance): charts by month and a table, filtered in the URL. */
export const performance: ResourceDeclaration = {
  resource,
  routes: <Route path={resource.list} element={<PerformancePage />} />,
};
