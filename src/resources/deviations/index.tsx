import { FileSearchOutlined } from "@ant-design/icons";
import { Route } from "react-router";
import { lazyPage } from "@/components/routing/lazy-page";
import { RESOURCE } from "../names";
import type { AppResource, ResourceDeclaration } from "../resource";

const DeviationList = lazyPage(() => import("./list"), "DeviationList");
const DeviationShow = lazyPage(() => import("./show"), "DeviationShow");

const resource = {
  name: RESOURCE.deviations,
  list: "/deviations",
  show: "/deviations/:id",
  meta: { label: "Deviations", icon: <FileSearchOutlined />, subject: "labelReport" },
} satisfies AppResource;

/** Deviations (GET /api/deviations): investigations of a report's alarms; opened from an alarm or a report. */
export const deviations: ResourceDeclaration = {
  resource,
  routes: (
    <Route path={resource.list}>
      <Route index element={<DeviationList />} />
      <Route path={resource.show} element={<DeviationShow />} />
    </Route>
  ),
};
