import { FilterOutlined } from "@ant-design/icons";
import { Badge, Button } from "antd";
import { useLocation, useNavigate } from "react-router";
import { listResource } from "@/domain/resources";
import { parseListUrl } from "@/providers/list-url";
import type { LabelReport } from "../types";
import { activeFilterCount } from "./active-filter-count";
import { LiveViewSwitch } from "./live-view/live-view-switch";

const LIST = listResource("label-reports");

/** Where a report's row links to: the report overlay over the list. */
export const labelReportLink = (report: LabelReport) => `/label-reports/${encodeURIComponent(report.id)}`;

/** Beside the list's search box: live view, and the filters overlay with the count of active filters. */
export function LabelReportListActions() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const active = activeFilterCount(parseListUrl(search, LIST).filters);
  return (
    <>
      <LiveViewSwitch />
      <Badge count={active} size="small" color="#0e6fb8">
        <Button icon={<FilterOutlined />} onClick={() => navigate({ pathname: "/label-reports/filters", search })}>
          Filters
        </Button>
      </Badge>
    </>
  );
}
