import { useMemo } from "react";
import { ResourceList } from "@/components/list/resource-list";
import { useSeesSeveralCompanies } from "@/hooks/use-access";
import { RESOURCE } from "@/resources/names";
import type { LabelReport } from "../types";
import { labelReportColumnsFor } from "./columns";
import { LabelReportListActions, labelReportLink } from "./list-actions";
import { useLiveView } from "./live-view/use-live-view";
import { usePrefetchReportChunks } from "./prefetch-report-chunks";
import { useCustomFieldColumns } from "./use-custom-field-columns";
import { useLabelReportFilterChips } from "./use-filter-chips";

export function LabelReportList() {
  useLiveView();
  usePrefetchReportChunks();
  // The company's custom fields as more columns (those the user shows), once their definitions have come.
  const customFields = useCustomFieldColumns();
  const customFieldColumns = customFields.columns;
  const filterChips = useLabelReportFilterChips();
  const severalCompanies = useSeesSeveralCompanies();
  const columns = useMemo(() => {
    const standard = labelReportColumnsFor(severalCompanies);
    return customFieldColumns.length ? [...standard, ...customFieldColumns] : standard;
  }, [customFieldColumns, severalCompanies]);
  return (
    <ResourceList<LabelReport>
      resource={RESOURCE.labelReports}
      columns={columns}
      columnVisibility={customFields.visibility}
      recordLink={labelReportLink}
      overlayLinks
      // Every column up to End fits a 1440 px screen beside the menu.
      dense
      searchPlaceholder="Search by label ID"
      filterChips={filterChips}
      actions={<LabelReportListActions columnChoices={customFields.choices} onColumnShown={customFields.setShown} />}
    />
  );
}
