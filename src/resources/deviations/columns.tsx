import { DEVIATION_STATE_TEXT, type DeviationState } from "@core/domain/deviations";
import { Link, useLocation } from "react-router";
import { PlainTag } from "@/components/controls/plain-tag/plain-tag";
import { type ColumnSpec, textColumn } from "@/components/list/columns";
import { DateTimeText } from "@/components/list/date-time-text";
import { returnToState } from "@/layouts/panel-layout";
import type { Deviation } from "../types";

const EMPTY = "—";

const STATE_COLORS: Record<DeviationState, string> = {
  open: "error",
  underInvestigation: "processing",
  closed: "default",
};

export function DeviationStateTag({ state }: { state: DeviationState }) {
  return <PlainTag color={STATE_COLORS[state]}>{DEVIATION_STATE_TEXT[state]}</PlainTag>;
}

/** The report's overlay over the deviations list; closing it comes back to the list as it was. */
function ReportLink({ deviation }: { deviation: Deviation }) {
  const location = useLocation();
  return (
    <Link
      to={`/label-reports/${deviation.reportId}`}
      state={returnToState(`${location.pathname}${location.search}`)}
      title={deviation.reference || undefined}
    >
      {deviation.labelId}
    </Link>
  );
}

/** The deviations list: number, what, which report, where it stands, since when, closed when. */
const deviationColumns: ColumnSpec<Deviation>[] = [
  { key: "number", title: "Number", render: (deviation) => <strong>{deviation.number}</strong> },
  { key: "title", title: "Title", render: (deviation) => deviation.title },
  { key: "labelId", title: "Report", render: (deviation) => <ReportLink deviation={deviation} /> },
  { key: "state", title: "State", render: (deviation) => <DeviationStateTag state={deviation.state} /> },
  { key: "created", title: "Opened", render: (deviation) => <DateTimeText value={deviation.created} /> },
  {
    key: "closedAt",
    title: "Closed",
    render: (deviation) => (deviation.closedAt ? <DateTimeText value={deviation.closedAt} /> : EMPTY),
  },
];

/** A list spanning several companies (a distributor's) names each deviation's company. */
export function deviationColumnsFor(severalCompanies: boolean): ColumnSpec<Deviation>[] {
  if (!severalCompanies) return deviationColumns;
  const reportAt = deviationColumns.findIndex((column) => column.key === "labelId") + 1;
  return [
    ...deviationColumns.slice(0, reportAt),
    textColumn<Deviation>("companyName", "Company"),
    ...deviationColumns.slice(reportAt),
  ];
}
