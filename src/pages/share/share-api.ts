import type { SignedDisposition } from "@core/domain/disposition";
import type { Excursion } from "@core/domain/excursions";
import type { ReadingSeries } from "@core/domain/reading-series";
import type { ReportRule } from "@core/domain/report-rule";
import type { ReportSummary } from "@core/domain/report-summary";
import type { LabelStatus } from "@core/domain/resources";
import type { TemperatureUnit } from "@core/domain/units";

/** GET /api/share/{token}: one report as a partner sees it (server/routes/share-links.ts). */
export interface SharedReport {
  labelId: string;
  reference: string;
  status: LabelStatus;
  startTime: string | null;
  endTime: string | null;
  rule: ReportRule | null;
  trim: { start: string | null; end: string | null } | null;
  summary: ReportSummary;
  excursions: { temperature: Excursion[]; humidity: Excursion[] };
  disposition: (Omit<SignedDisposition, "signedBy"> & { signedBy: { name: string } }) | null;
  contentHash: string;
  /** The chart series of the evaluation window, min/max-downsampled (at most 1,000 points). */
  readings: ReadingSeries;
  expiresAt: string;
  /** The company's unit: the default for a viewer who has not chosen one. Absent from older servers. */
  temperatureUnit?: TemperatureUnit;
}

export type ShareAnswer =
  | { kind: "ok"; report: SharedReport }
  | { kind: "gone" }
  | { kind: "notFound" }
  | { kind: "error"; message: string };

export const shareApiUrl = (token: string, tail = "") => `/api/share/${encodeURIComponent(token)}${tail}`;

/** Plain fetch, no credentials: the page works the same for anyone holding the link. */
export async function loadSharedReport(token: string): Promise<ShareAnswer> {
  const response = await fetch(shareApiUrl(token), { credentials: "omit", headers: { accept: "application/json" } });
  if (response.status === 410) return { kind: "gone" };
  if (response.status === 404) return { kind: "notFound" };
  const body = (await response.json().catch(() => null)) as { message?: string } | null;
  if (!response.ok) return { kind: "error", message: body?.message ?? `The server answered ${response.status}` };
  return { kind: "ok", report: body as unknown as SharedReport };
}
