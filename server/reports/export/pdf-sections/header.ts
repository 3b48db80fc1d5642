import { timeZoneAbbreviation } from "../../../../core/domain/datetime";
import { verdictOf } from "../../../../core/domain/report-summary";
import { UNIT_SYMBOLS } from "../../../../core/domain/units";
import { COLORS } from "../pdf-layout";
import type { PdfContext } from "./context";
import { OVERALL_VERDICT } from "./labels";

/** Company, report id, generation time with its zone, the units, and the overall verdict. */
export function renderHeader({ w, content, options, at, tSymbol, zoneName }: PdfContext): void {
  const { report, summary } = content;
  const zone = options.timeZone;
  const doc = w.doc;
  doc.font("Helvetica").fontSize(9).fillColor(COLORS.muted);
  w.paragraph(report.companyName, { color: COLORS.muted, size: 10 });
  doc.font("Helvetica-Bold").fontSize(18).fillColor(COLORS.text).text("Label report", w.left, doc.y);
  doc.font("Helvetica").fontSize(9);
  w.keyValues([
    ["Company", report.companyName],
    ["Report ID", report.id],
    ["Generated", `${at(content.generatedAt)} ${zoneName}`],
    ["Times shown in", zone === "UTC" ? "UTC" : `${zone} (${timeZoneAbbreviation(zone, content.generatedAt)})`],
    ["Units", `Temperature ${tSymbol}, humidity ${UNIT_SYMBOLS.humidity}, shock ${UNIT_SYMBOLS.shock}`],
    ["Overall verdict", OVERALL_VERDICT[verdictOf(summary)]],
    ...(content.verification
      ? ([
          [
            "Verify",
            `${content.verification.url} (content SHA-256 in the footer; server key ${content.verification.keyId})`,
          ],
        ] as [string, string][])
      : []),
  ]);
}
