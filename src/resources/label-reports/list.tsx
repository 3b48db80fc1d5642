import { FilterOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { useLocation, useNavigate } from "react-router";
import { ResourceList } from "@/components/list/resource-list";
import { RESOURCE } from "@/providers/resources";
import type { LabelReport } from "../types";
import { labelReportColumns } from "./columns";

export function LabelReportList() {
  const navigate = useNavigate();
  const { search } = useLocation();
  return (
    <ResourceList<LabelReport>
      resource={RESOURCE.labelReports}
      columns={labelReportColumns}
      recordLink={(report) => `/label-reports/${encodeURIComponent(report.id)}`}
      overlayLinks
      searchPlaceholder="Search by label ID"
      actions={
        <Button icon={<FilterOutlined />} onClick={() => navigate({ pathname: "/label-reports/filters", search })}>
          Filters
        </Button>
      }
    />
  );
}
