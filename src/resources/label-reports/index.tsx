import { FileTextOutlined } from "@ant-design/icons";
import { Route } from "react-router";
import { lazyPage } from "@/components/routing/lazy-page";
import { RequireRecordId } from "@/components/routing/require-record-id";
import { RESOURCE } from "../names";
import type { AppResource, ResourceDeclaration } from "../resource";

const LabelReportList = lazyPage(() => import("./list"), "LabelReportList");
/** The list's chunk, ahead of the dashboard's first render (src/App.tsx, preloadPage). */
export const preloadLabelReportList = (): Promise<unknown> => LabelReportList.preload();
// Overlays over the list: nothing in their place while they load.
const LabelReportShow = lazyPage(() => import("./show"), "LabelReportShow", null);
const LabelReportFilters = lazyPage(() => import("./filters"), "LabelReportFilters", null);

const resource = {
  name: RESOURCE.labelReports,
  list: "/label-reports",
  show: "/label-reports/:id",
  meta: { label: "Label reports", icon: <FileTextOutlined />, subject: "labelReport" },
} satisfies AppResource;

/** The report list; the filters and a report open as overlays over it, which stays mounted. */
export const labelReports: ResourceDeclaration = {
  resource,
  routes: (
    <Route
      path={resource.list}
      element={
        <RequireRecordId pattern={resource.show} others={["filters"]}>
          <LabelReportList />
        </RequireRecordId>
      }
    >
      <Route path="filters" element={<LabelReportFilters />} />
      <Route path={resource.show} element={<LabelReportShow />} />
    </Route>
  ),
};
