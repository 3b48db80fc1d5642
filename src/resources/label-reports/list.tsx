import { FilterOutlined } from "@ant-design/icons";
import { Badge, Button } from "antd";
import { useLocation, useNavigate } from "react-router";
import { ResourceList } from "@/components/list/resource-list";
import { listResource } from "@/domain/resources";
import { parseListUrl } from "@/providers/list-url";
import { RESOURCE } from "@/providers/resources";
import type { LabelReport } from "../types";
import { labelReportColumns } from "./columns";
import { LiveViewSwitch } from "./live-view/live-view-switch";
import { useLiveView } from "./live-view/use-live-view";

const LIST = listResource("label-reports");

export function LabelReportList() {
  const navigate = useNavigate();
  const { search } = useLocation();
  useLiveView();
  // The filters beyond the default one (not archived), as a count on the button.
  const active = parseListUrl(search, LIST).filters.filter(
    (f) => !(f.key === "isArchived" && f.value === "false"),
  ).length;
  return (
    <ResourceList<LabelReport>
      resource={RESOURCE.labelReports}
      columns={labelReportColumns}
      recordLink={(report) => `/label-reports/${encodeURIComponent(report.id)}`}
      overlayLinks
      searchPlaceholder="Search by label ID"
      actions={
        <>
          <LiveViewSwitch />
          <Badge count={active} size="small" color="#0e6fb8">
            <Button icon={<FilterOutlined />} onClick={() => navigate({ pathname: "/label-reports/filters", search })}>
              Filters
            </Button>
          </Badge>
        </>
      }
    />
  );
}
