import { sql } from "kysely";
import type { DeviationSummary } from "../../../core/api/deviation";
import type { SignedDisposition } from "../../../core/domain/disposition";
import type { Excursion, Side } from "../../../core/domain/excursions";
import type { RecordField } from "../../../core/domain/record-fields";
import { thresholdsOfRule } from "../../../core/domain/report-rule";
import type { PresetThresholds, ReportSummary } from "../../../core/domain/report-summary";
import { excursionsOfReadings, summariseReport } from "../../../core/domain/report-summary";
import type { LabelStatus, TransportMode } from "../../../core/domain/resources";
import { reportDeviationSummaries } from "../../db/deviations";
import type { Db } from "../../db/index";
import { issueRecord, loadRecord } from "../record-hash";
import { readSeries, type Series } from "../series";
import { type TrimAuthor, trimAuthor } from "../trim-author";
import { contentHash, type HashedReading } from "./content-hash";

/**
 * Everything a downloaded report shows, loaded once per download: the report and its
 * company and frozen rule, the readings and shock events of the evaluation (trim) window,
 * who set the trim (from the audit trail), the verdict and statistics computed with the
 * shared domain maths (summariseReport, findExcursions), and the content hash.
 * The PDF and the CSV render from this and nothing else, so they cannot disagree.
 */

interface TrimInfo {
  start: Date | null;
  end: Date | null;
  /** From the audit trail's latest 'trim' entry; null when the trail has none. */
  setBy: TrimAuthor | null;
}

interface ChannelExcursions {
  temperature: Excursion[];
  humidity: Excursion[];
}

export interface ReportContent {
  report: {
    id: string;
    labelId: string;
    reference: string;
    origin: string;
    destination: string;
    transportMode: TransportMode;
    status: LabelStatus;
    startTime: Date | null;
    endTime: Date | null;
    intervalMinutes: number;
    companyName: string;
    /** The preset's name and version when the report kept its rule: a later rename never reaches the PDF. */
    presetName: string | null;
    presetVersion: number | null;
  };
  /** From the report's frozen rule (core/domain/report-rule.ts), never the preset as it is now. */
  preset: PresetThresholds;
  /** Readings inside the evaluation window, in time order. */
  readings: HashedReading[];
  /** Every reading the report has, trimmed or not. */
  totalReadings: number;
  shockEvents: { t: number; magnitudeG: number }[];
  /** The values of the fields that are part of the record: hashed, printed. */
  recordFields: RecordField[];
  trim: TrimInfo | null;
  summary: ReportSummary;
  excursions: ChannelExcursions;
  /** The signed QA disposition in force, or null; printed and hashed. */
  disposition: SignedDisposition | null;
  /** The investigations of the report's alarms, oldest first; printed, not hashed (they are records of their own). */
  deviations: DeviationSummary[];
  /** See content-hash.ts for what exactly is hashed. */
  hash: string;
  /** Where and with which server key the hash can be checked (the PDF prints it); null when not known. */
  verification: { url: string; keyId: string } | null;
  generatedAt: Date;
  /** The report's audit trail, newest first, worded for print; only when the download asked for it. */
  auditTrail?: PrintedAuditEntry[];
}

/** One entry of the audit trail as the PDF prints it (plain strings: it travels to the PDF worker). */
export interface PrintedAuditEntry {
  at: string;
  who: string;
  action: string;
  change: string;
  reason: string;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

const toDate = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

/** Null when the report does not exist in the caller's companies (the route answers 404). */
export async function loadReportContent(
  db: Db,
  companyScope: readonly string[],
  reportId: string,
  now: Date = new Date(),
): Promise<ReportContent | null> {
  const row = await db
    .selectFrom("labelReports as r")
    .innerJoin("companies as c", "c.id", "r.companyId")
    .select([
      "r.id",
      "r.labelId",
      "r.reference",
      "r.origin",
      "r.destination",
      "r.transportMode",
      "r.status",
      "r.startTime",
      "r.endTime",
      "r.intervalMinutes",
      "r.trimStart",
      "r.trimEnd",
      "c.name as companyName",
      "r.rule",
    ])
    .where("r.id", "=", reportId)
    .where("r.companyId", "in", [...companyScope])
    .executeTakeFirst();
  if (!row) return null;

  const record = await loadRecord(db, reportId);
  if (!record) return null;
  const { readings, shockEvents, disposition, recordFields } = record;
  const trimStart = toDate(row.trimStart);
  const trimEnd = toDate(row.trimEnd);
  const preset = thresholdsOfRule(row.rule, row.intervalMinutes);
  // An embedded database (PGlite) answers on this thread without a turn of the event loop:
  // give other requests one between the heavy steps of a long report.
  await nextTurn();
  const total = await db
    .selectFrom("measurements")
    .select(sql<string>`count(*)`.as("n"))
    .where("reportId", "=", reportId)
    .executeTakeFirstOrThrow();

  await nextTurn();
  const window = { start: trimStart?.getTime() ?? null, end: trimEnd?.getTime() ?? null };
  const summary = summariseReport({
    preset,
    readings,
    shockEvents,
    status: row.status as LabelStatus,
    window,
    endTime: toDate(row.endTime)?.getTime() ?? null,
  });
  const excursions: ChannelExcursions = {
    temperature: excursionsOfReadings(readings, preset, "temperature"),
    humidity: excursionsOfReadings(readings, preset, "humidity"),
  };

  await nextTurn();
  const trim = trimStart || trimEnd ? { start: trimStart, end: trimEnd, setBy: await trimAuthor(db, reportId) } : null;

  const hash = contentHash(record.content);
  await issueRecord(db, { contentHash: hash, reportId: row.id, labelId: row.labelId });

  return {
    report: {
      id: row.id,
      labelId: row.labelId,
      reference: row.reference,
      origin: row.origin,
      destination: row.destination,
      transportMode: row.transportMode,
      status: row.status as LabelStatus,
      startTime: toDate(row.startTime),
      endTime: toDate(row.endTime),
      intervalMinutes: row.intervalMinutes,
      companyName: row.companyName,
      presetName: row.rule?.presetName ?? null,
      presetVersion: row.rule?.presetVersion ?? null,
    },
    preset,
    readings,
    totalReadings: Number(total.n),
    shockEvents,
    recordFields,
    trim,
    summary,
    excursions,
    disposition,
    deviations: await reportDeviationSummaries(db, reportId),
    hash,
    verification: null,
    generatedAt: now,
  };
}

/** The content with where its hash is verified: the public /verify page and the server's record key. */
export async function withVerification(
  content: ReportContent | null,
  publicUrl: string,
  signer: { keyId(): Promise<string> },
): Promise<ReportContent | null> {
  if (!content) return null;
  return { ...content, verification: { url: `${publicUrl.replace(/\/+$/, "")}/verify`, keyId: await signer.keyId() } };
}

/**
 * The content as a share link's anonymous partner gets it: people by name only (the
 * share page shows only the signer's name, and the files must not say more). The
 * content hash stays the record's: the file still proves which record it came from.
 */
export function withoutEmails(content: ReportContent): ReportContent {
  return {
    ...content,
    trim: content.trim?.setBy ? { ...content.trim, setBy: { ...content.trim.setBy, email: "" } } : content.trim,
    disposition: content.disposition
      ? { ...content.disposition, signedBy: { ...content.disposition.signedBy, email: "" } }
      : null,
  };
}

/** The chart series of the window, min/max-downsampled in SQL by the same code as the screen's chart. */
export function loadChartSeries(db: Db, content: ReportContent, maxPoints: number): Promise<Series> {
  const window = {
    ...(content.trim?.start ? { from: content.trim.start } : {}),
    ...(content.trim?.end ? { to: content.trim.end } : {}),
  };
  return readSeries(db, content.report.id, window, maxPoints);
}

/** The excursion side of each time, walking the (sorted, disjoint) excursions along with readings in time order. */
export class ExcursionCursor {
  private index = 0;
  constructor(private readonly excursions: readonly Excursion[]) {}
  sideAt(t: number): Side | null {
    while (this.index < this.excursions.length && (this.excursions[this.index] as Excursion).end < t) this.index++;
    const e = this.excursions[this.index];
    return e && e.start <= t && t <= e.end ? e.side : null;
  }
}
