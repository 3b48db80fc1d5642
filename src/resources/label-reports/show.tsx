import { useParams } from "react-router";
import { RecordDetails } from "@/components/record/record-details";
import { LabelReportPanelLayout } from "@/layouts/panel-layout";
import { RESOURCE } from "@/providers/resources";
import type { LabelReport } from "../types";
import { labelReportFields } from "./columns";

/** A label report, in the label report panel over the list. */
export function LabelReportShow() {
  const { id } = useParams();
  return (
    <LabelReportPanelLayout title="Label report" closeTo="/label-reports">
      <RecordDetails<LabelReport> resource={RESOURCE.labelReports} id={id} fields={labelReportFields} />
    </LabelReportPanelLayout>
  );
}
