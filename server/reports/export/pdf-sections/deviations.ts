import { DEVIATION_STATE_TEXT } from "../../../../core/domain/deviations";
import type { PdfContext } from "./context";

/** The investigations of the report's alarms: each with its state, findings and closing signature. */
export function renderDeviations({ w, content, at }: PdfContext): void {
  if (content.deviations.length === 0) return;
  w.heading("Deviations");
  for (const deviation of content.deviations)
    w.keyValues([
      ["Deviation", `${deviation.number}: ${deviation.title}`],
      ["State", DEVIATION_STATE_TEXT[deviation.state]],
      ["Root cause", deviation.rootCause || "-"],
      ["Product impact", deviation.productImpact || "-"],
      ["CAPA reference", deviation.capaReference || "-"],
      ...(deviation.closedAt
        ? ([
            ["Closed", `${at(deviation.closedAt)} by ${deviation.closedByName ?? "-"} (electronic signature)`],
            ["Closing summary", deviation.closingComment || "-"],
          ] as [string, string][])
        : []),
    ]);
}
