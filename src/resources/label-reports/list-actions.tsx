import { FilterOutlined } from "@ant-design/icons";
import { listResource } from "@core/domain/resources";
import { Badge, Button } from "antd";
import { useLocation, useNavigate } from "react-router";
import { lazyComponent } from "@/components/routing/lazy-component";
import { parseListUrl } from "@/providers/list-url";
import type { LabelReport } from "../types";
import { activeFilterCount } from "./active-filter-count";
import type { ColumnChoiceItem } from "./column-choice";
import { LiveViewSwitch } from "./live-view/live-view-switch";

const LIST = listResource("label-reports");

// Only companies with custom fields have columns to choose: the others never load it.
const ColumnPicker = lazyComponent(async () => (await import("./column-picker")).default);

/** Where a report's row links to: the report overlay over the list. */
export const labelReportLink = (report: LabelReport) => `/label-reports/${encodeURIComponent(report.id)}`;

export interface LabelReportListActionsProps {
  /** The custom-field columns to choose from; none: no Columns control. */
  columnChoices: ColumnChoiceItem[];
  onColumnShown(key: string, shown: boolean): void;
}

/** Beside the list's search box: live view, the columns to show, and the filters overlay with the count of active filters. */
export function LabelReportListActions({ columnChoices, onColumnShown }: LabelReportListActionsProps) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const active = activeFilterCount(parseListUrl(search, LIST).filters);
  return (
    <>
      <LiveViewSwitch />
      {columnChoices.length ? <ColumnPicker choices={columnChoices} onChange={onColumnShown} /> : null}
      <Badge count={active} size="small" color="#0e6fb8">
        <Button icon={<FilterOutlined />} onClick={() => navigate({ pathname: "/label-reports/filters", search })}>
          Filters
        </Button>
      </Badge>
    </>
  );
}
