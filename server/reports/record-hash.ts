import type { SignedDisposition } from "../../core/domain/disposition";
import { type RecordField, recordFieldDocument, recordFieldsOf } from "../../core/domain/record-fields";
import { type ReportRule, thresholdsOfRule } from "../../core/domain/report-rule";
import { customFieldDefinitions } from "../db/custom-fields";
import type { Db } from "../db/index";
import { isoOrNull } from "../db/time-values";
import { currentDisposition } from "./dispositions";
import { type ContentToHash, contentHash, type HashedReading, recordDocumentText } from "./export/content-hash";

/**
 * The record a content hash covers (content-hash.ts says how it is written), loaded for
 * one report, and the report's current hash, kept on the report until the record changes.
 */

interface RecordRow {
  id: string;
  labelId: string;
  companyId: string;
  rule: ReportRule | null;
  intervalMinutes: number;
  trimStart: Date | string | null;
  trimEnd: Date | string | null;
  customFields: unknown;
}

/** A report's record as loaded: what is hashed, and the parts the downloads print in full. */
export interface LoadedRecord {
  content: ContentToHash;
  readings: HashedReading[];
  shockEvents: { t: number; magnitudeG: number }[];
  /** The signature that stands, as the API answers it (the hash takes part of it). */
  disposition: SignedDisposition | null;
  /** Named and formatted, for the PDF and the share page; hashed by key and value. */
  recordFields: RecordField[];
}

/**
 * Notes a content hash the server hands out (on the report, a share page, a download), so
 * that /verify can tell it from one nobody issued. Kept once, with when it was first issued.
 */
export async function issueRecord(
  db: Db,
  record: { contentHash: string; reportId: string; labelId: string },
): Promise<void> {
  await db
    .insertInto("issuedRecords")
    .values(record)
    .onConflict((oc) => oc.column("contentHash").doNothing())
    .execute();
}

/**
 * The report's record as hashed, with its standing disposition; null for an unknown report.
 * Only the evaluation window's readings and shocks are loaded: trimmed-away readings count,
 * but are neither shown nor hashed.
 */
export async function loadRecord(db: Db, reportId: string): Promise<LoadedRecord | null> {
  const row: RecordRow | undefined = await db
    .selectFrom("labelReports")
    .select(["id", "labelId", "companyId", "rule", "intervalMinutes", "trimStart", "trimEnd", "customFields"])
    .where("id", "=", reportId)
    .executeTakeFirst();
  if (!row) return null;
  const start = row.trimStart === null ? null : new Date(row.trimStart);
  const end = row.trimEnd === null ? null : new Date(row.trimEnd);
  const readingRows = await db
    .selectFrom("measurements")
    .select(["t", "temperature", "humidity", "battery"])
    .where("reportId", "=", reportId)
    .$if(start !== null, (q) => q.where("t", ">=", start as Date))
    .$if(end !== null, (q) => q.where("t", "<=", end as Date))
    .orderBy("t")
    .execute();
  const shockRows = await db
    .selectFrom("shockEvents")
    .select(["t", "magnitudeG"])
    .where("reportId", "=", reportId)
    .$if(start !== null, (q) => q.where("t", ">=", start as Date))
    .$if(end !== null, (q) => q.where("t", "<=", end as Date))
    .orderBy("t")
    .execute();
  const readings = readingRows.map((r) => ({
    t: new Date(r.t).getTime(),
    temperature: r.temperature,
    humidity: r.humidity,
    battery: r.battery,
  }));
  const shockEvents = shockRows.map((e) => ({ t: new Date(e.t).getTime(), magnitudeG: e.magnitudeG }));
  const disposition = await currentDisposition(db, reportId);
  const recordFields = recordFieldsOf(
    await customFieldDefinitions(db, [row.companyId]),
    row.customFields as Record<string, unknown> | null,
  );
  const content: ContentToHash = {
    reportId: row.id,
    labelId: row.labelId,
    // Bands are plain JSON objects; interfaces just carry no index signature.
    preset: { ...thresholdsOfRule(row.rule, row.intervalMinutes) } as unknown as ContentToHash["preset"],
    window: { start: isoOrNull(row.trimStart), end: isoOrNull(row.trimEnd) },
    readings,
    shockEvents,
    recordFields: recordFieldDocument(recordFields),
    disposition,
  };
  return { content, readings, shockEvents, disposition, recordFields };
}

/**
 * The hash a signature signs: the record as the signer sees it, without any disposition
 * (so a later look can tell whether the record is still what was signed). Read inside the
 * signing transaction, after the report's row is locked.
 */
export async function hashToSign(trx: Db, reportId: string): Promise<string> {
  const record = await loadRecord(trx, reportId);
  if (!record) throw new Error(`No report ${reportId} to sign`);
  return contentHash({ ...record.content, disposition: null });
}

/**
 * The report's current content hash (with its standing disposition), as the PDF prints
 * it. Kept on the report: every write that changes the record sets it null, and it is
 * computed again here, under the report's row lock so that readings stored meanwhile
 * cannot leave a stale hash behind (every writer of readings holds that lock).
 */
export async function currentContentHash(db: Db, reportId: string): Promise<string> {
  const read = async (trx: Db) => {
    const row = await trx
      .selectFrom("labelReports")
      .select("contentHash")
      .where("id", "=", reportId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (row.contentHash) return row.contentHash;
    const record = await loadRecord(trx, reportId);
    if (!record) throw new Error(`No report ${reportId}`);
    const hash = contentHash(record.content);
    await trx.updateTable("labelReports").set({ contentHash: hash }).where("id", "=", reportId).execute();
    await issueRecord(trx, { contentHash: hash, reportId, labelId: record.content.labelId });
    return hash;
  };
  return db.isTransaction ? read(db) : db.transaction().execute(read);
}

/**
 * The record document of a report as `…/record` answers it, byte for byte what its content
 * hash hashes, and that hash; null for an unknown report. Read under the report's row lock
 * (as currentContentHash), so the text and the hash are of one state of the record.
 */
export async function recordDocument(
  db: Db,
  reportId: string,
): Promise<{ text: string; contentHash: string; labelId: string } | null> {
  return db.transaction().execute(async (trx) => {
    const locked = await trx
      .selectFrom("labelReports")
      .select("id")
      .where("id", "=", reportId)
      .forUpdate()
      .executeTakeFirst();
    if (!locked) return null;
    const record = await loadRecord(trx, reportId);
    if (!record) return null;
    const { content } = record;
    const hash = contentHash(content);
    await issueRecord(trx, { contentHash: hash, reportId, labelId: content.labelId });
    return { text: recordDocumentText(content), contentHash: hash, labelId: content.labelId };
  });
}
