import type { PdfContext } from "./context";

/**
 * The report's audit trail, appended when the download asked for it ("Include audit
 * trail"): one entry per change, newest first, its time in the chosen zone beside who did
 * what, old → new and the reason. Values wrap: a change can be longer than a table cell.
 */
export function renderAuditTrail({ w, content, at }: PdfContext): void {
  const entries = content.auditTrail;
  if (!entries) return;
  w.heading("Audit trail");
  if (entries.length === 0) {
    w.paragraph("No changes recorded.");
    return;
  }
  w.keyValues(
    entries.map((entry) => [
      at(entry.at),
      [
        `${entry.action} · ${entry.who}`,
        entry.change ? `Change: ${entry.change}` : "",
        entry.reason ? `Reason: ${entry.reason}` : "",
      ]
        .filter(Boolean)
        .join("\n"),
    ]),
    120,
  );
}
