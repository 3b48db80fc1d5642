import { sql } from "kysely";
import type { Db } from "../db/index";
import { recomputeSummary, SUMMARY_MATHS_VERSION } from "./summary";

/**
 * Re-evaluates reports whose stored summary was computed with older verdict maths
 * (`summary_maths` below SUMMARY_MATHS_VERSION), a chunk at a time, each report in its own
 * transaction: resumable at any point (a report done is never done again), safe with
 * several instances (FOR UPDATE SKIP LOCKED). A report whose verdict changed gets an
 * audit entry `ruleMathsUpdated` naming the verdict before and after, so a QA person
 * sees why a released report now reads otherwise.
 */

/** What decides a report's verdict, as the list and the alerts read it. */
const VERDICT_COLUMNS = [
  "temperatureViolation",
  "humidityViolation",
  "shockViolation",
  "batteryLow",
  "dataIncomplete",
] as const;

type Verdict = Record<(typeof VERDICT_COLUMNS)[number], boolean> & { verdict: string | null };

async function verdictOf(db: Db, reportId: string): Promise<Verdict> {
  const row = await db
    .selectFrom("labelReports")
    .select([...VERDICT_COLUMNS, sql<string | null>`summary -> 'overall' ->> 'verdict'`.as("verdict")])
    .where("id", "=", reportId)
    .executeTakeFirstOrThrow();
  return row;
}

/** Re-evaluates up to `limit` stale reports; answers how many it did and how many verdicts changed. */
export async function reevaluateChunk(db: Db, limit: number): Promise<{ done: number; changed: number }> {
  const stale = await db
    .selectFrom("labelReports")
    .select("id")
    .where("summaryMaths", "<", SUMMARY_MATHS_VERSION)
    .orderBy("summaryMaths")
    .orderBy("id")
    .limit(limit)
    .execute();
  let done = 0;
  let changed = 0;
  for (const { id } of stale) {
    const result = await db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom("labelReports")
        .select(["id", "companyId"])
        .where("id", "=", id)
        .where("summaryMaths", "<", SUMMARY_MATHS_VERSION)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      // Another instance has it, or did it since the chunk was read.
      if (!row) return null;
      const before = await verdictOf(trx, id);
      await recomputeSummary(trx, id);
      const after = await verdictOf(trx, id);
      const same = VERDICT_COLUMNS.every((c) => before[c] === after[c]) && before.verdict === after.verdict;
      if (!same)
        await trx
          .insertInto("auditLog")
          .values({
            actorUserId: null,
            impersonatorUserId: null,
            companyId: row.companyId,
            action: "ruleMathsUpdated",
            entity: "labelReport",
            entityId: id,
            before: JSON.stringify(before),
            after: JSON.stringify(after),
            reason:
              "The verdict is now computed per unit, with durations from the readings' times and gaps and silence in the verdict",
          })
          .execute();
      return same ? "same" : "changed";
    });
    if (result === null) continue;
    done++;
    if (result === "changed") changed++;
  }
  return { done, changed };
}

/** How many reports still wait for the current maths. */
export async function staleReportCount(db: Db): Promise<number> {
  const row = await db
    .selectFrom("labelReports")
    .select(sql<string>`count(*)`.as("n"))
    .where("summaryMaths", "<", SUMMARY_MATHS_VERSION)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Runs chunks until no stale report is left (or `shouldStop`), logging progress; the
 * server starts it in the background once it is ready, so a large database is serving
 * while its older reports are brought up to date.
 */
export async function reevaluateAll(
  db: Db,
  log: (message: string) => void,
  shouldStop: () => boolean = () => false,
  chunk = 200,
): Promise<{ done: number; changed: number }> {
  const total = await staleReportCount(db);
  if (total === 0) return { done: 0, changed: 0 };
  log(`Re-evaluating ${total} reports with the current verdict maths (version ${SUMMARY_MATHS_VERSION})`);
  const started = Date.now();
  let done = 0;
  let changed = 0;
  while (!shouldStop()) {
    const result = await reevaluateChunk(db, chunk);
    if (result.done === 0) break;
    done += result.done;
    changed += result.changed;
    log(
      `Re-evaluated ${done} of ${total} reports (${changed} verdicts changed, ${Math.round((Date.now() - started) / 1000)} s)`,
    );
    // Give requests a turn between chunks (PGlite answers on this thread).
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { done, changed };
}
