import { FilterOutlined } from "@ant-design/icons";
import { Badge, Button } from "antd";
import { useMemo } from "react";
import { useLocation, useNavigate } from "react-router";
import { ResourceList } from "@/components/list/resource-list";
import { listResource } from "@/domain/resources";
import { parseListUrl } from "@/providers/list-url";
import { RESOURCE } from "@/providers/resources";
import type { LabelReport } from "../types";
import { activeFilterCount } from "./active-filter-count";
import { labelReportColumns } from "./columns";
import { LiveViewSwitch } from "./live-view/live-view-switch";
import { useLiveView } from "./live-view/use-live-view";
import { usePrefetchReportChunks } from "./prefetch-report-chunks";
import { useCustomFieldColumns } from "./use-custom-field-columns";

const LIST = listResource("label-reports");

export function LabelReportList() {
  const navigate = useNavigate();
  const { search } = useLocation();
  useLiveView();
  usePrefetchReportChunks();
  const active = activeFilterCount(parseListUrl(search, LIST).filters);
  // The company's custom fields as more columns, once their definitions have come.
  const customFieldColumns = useCustomFieldColumns();
  const columns = useMemo(
    () => (customFieldColumns.length ? [...labelReportColumns, ...customFieldColumns] : labelReportColumns),
    [customFieldColumns],
  );
  return (
    <ResourceList<LabelReport>
      resource={RESOURCE.labelReports}
      columns={columns}
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
