import type { SignedDisposition } from "../../core/domain/disposition";
import { type ReportRule, thresholdsOfRule } from "../../core/domain/report-rule";
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
  rule: ReportRule | null;
  intervalMinutes: number;
  trimStart: Date | string | null;
  trimEnd: Date | string | null;
}

/** The hashed record of a report from what its reader has loaded (the downloads load more). */
export function recordOf(
  row: RecordRow,
  readings: readonly HashedReading[],
  shockEvents: readonly { t: number; magnitudeG: number }[],
  disposition: SignedDisposition | null,
): ContentToHash {
  return {
    reportId: row.id,
    labelId: row.labelId,
    preset: { ...thresholdsOfRule(row.rule, row.intervalMinutes) },
    window: { start: isoOrNull(row.trimStart), end: isoOrNull(row.trimEnd) },
    readings,
    shockEvents,
    disposition,
  };
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

/** The report's record as hashed, with its standing disposition; null for an unknown report. */
async function loadRecord(db: Db, reportId: string): Promise<ContentToHash | null> {
  const row = await db
    .selectFrom("labelReports")
    .select(["id", "labelId", "rule", "intervalMinutes", "trimStart", "trimEnd"])
    .where("id", "=", reportId)
    .executeTakeFirst();
  if (!row) return null;
  const start = row.trimStart === null ? null : new Date(row.trimStart);
  const end = row.trimEnd === null ? null : new Date(row.trimEnd);
  const readings = await db
    .selectFrom("measurements")
    .select(["t", "temperature", "humidity", "battery"])
    .where("reportId", "=", reportId)
    .$if(start !== null, (q) => q.where("t", ">=", start as Date))
    .$if(end !== null, (q) => q.where("t", "<=", end as Date))
    .orderBy("t")
    .execute();
  const shocks = await db
    .selectFrom("shockEvents")
    .select(["t", "magnitudeG"])
    .where("reportId", "=", reportId)
    .$if(start !== null, (q) => q.where("t", ">=", start as Date))
    .$if(end !== null, (q) => q.where("t", "<=", end as Date))
    .orderBy("t")
    .execute();
  return recordOf(
    row,
    readings.map((r) => ({
      t: new Date(r.t).getTime(),
      temperature: r.temperature,
      humidity: r.humidity,
      battery: r.battery,
    })),
    shocks.map((s) => ({ t: new Date(s.t).getTime(), magnitudeG: s.magnitudeG })),
    await currentDisposition(db, reportId),
  );
}

/**
 * The hash a signature signs: the record as the signer sees it, without any disposition
 * (so a later look can tell whether the record is still what was signed). Read inside the
 * signing transaction, after the report's row is locked.
 */
export async function hashToSign(trx: Db, reportId: string): Promise<string> {
  const record = await loadRecord(trx, reportId);
  if (!record) throw new Error(`No report ${reportId} to sign`);
  return contentHash({ ...record, disposition: null });
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
    const hash = contentHash(record);
    await trx.updateTable("labelReports").set({ contentHash: hash }).where("id", "=", reportId).execute();
    await issueRecord(trx, { contentHash: hash, reportId, labelId: record.labelId });
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
    const hash = contentHash(record);
    await issueRecord(trx, { contentHash: hash, reportId, labelId: record.labelId });
    return { text: recordDocumentText(record), contentHash: hash, labelId: record.labelId };
  });
}
