import { sql } from "kysely";
import { type ReportRule, thresholdsOfRule } from "../../core/domain/report-rule";
import { summariseReport, violationColumns } from "../../core/domain/report-summary";
import type { LabelStatus } from "../../core/domain/resources";
import type { Db } from "../db/index";
import { recomputeSummary, SUMMARY_MATHS_VERSION, storedVerdict } from "./summary";

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

async function readVerdict(db: Db, reportId: string): Promise<Verdict> {
  const row = await db
    .selectFrom("labelReports")
    .select([...VERDICT_COLUMNS, storedVerdict().as("verdict")])
    .where("id", "=", reportId)
    .executeTakeFirstOrThrow();
  return row;
}

/** Re-evaluates up to `limit` stale reports; answers how many it did and how many verdicts changed. */
async function reevaluateChunk(db: Db, limit: number): Promise<{ done: number; changed: number }> {
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
      const before = await readVerdict(trx, id);
      await recomputeSummary(trx, id);
      const after = await readVerdict(trx, id);
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
            reason: REASON,
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

/** Rows one statement of the set-based pass updates. */
const EMPTY_CHUNK = 20_000;

const REASON =
  "The verdict is now computed per unit, with durations from the readings' times and gaps and silence in the verdict";

/**
 * Reports without readings and without a trim (a bulk of registered labels that never
 * started) have a summary that depends only on their rule and status: it is computed once
 * per (rule, status, interval) and written set-based, with the audit entries of those
 * whose verdict changed, so a million of them take seconds rather than a recompute each.
 */
async function reevaluateEmptyReports(db: Db, shouldStop: () => boolean = () => false): Promise<number> {
  const stale = (q: ReturnType<typeof emptyReports>) => q;
  function emptyReports() {
    return db
      .selectFrom("labelReports")
      .where("summaryMaths", "<", SUMMARY_MATHS_VERSION)
      .where("readingCount", "=", 0)
      .where("trimStart", "is", null)
      .where("trimEnd", "is", null);
  }
  const groups = await stale(emptyReports()).select(["rule", "status", "intervalMinutes"]).distinct().execute();
  let done = 0;
  for (const group of groups) {
    const rule = (typeof group.rule === "string" ? JSON.parse(group.rule) : group.rule) as ReportRule | null;
    const summary = summariseReport({
      preset: thresholdsOfRule(rule, group.intervalMinutes),
      readings: [],
      status: group.status as LabelStatus,
    });
    const columns = violationColumns(summary);
    const after = { ...columns, verdict: summary.overall.verdict ?? null };
    while (!shouldStop()) {
      const updated = await db.transaction().execute(async (trx) => {
        const ruleMatch = group.rule === null ? sql`r.rule is null` : sql`r.rule = ${JSON.stringify(rule)}::jsonb`;
        const chunk = sql`select r.id from label_reports r
          where r.summary_maths < ${SUMMARY_MATHS_VERSION} and r.reading_count = 0
            and r.trim_start is null and r.trim_end is null
            and ${ruleMatch} and r.status = ${group.status} and r.interval_minutes = ${group.intervalMinutes}
          order by r.id limit ${EMPTY_CHUNK} for update skip locked`;
        // Audited where the verdict columns change (the overall verdict of an empty report is always No data now).
        await sql`insert into audit_log (actor_user_id, impersonator_user_id, company_id, action, entity, entity_id, before, after, reason)
          select null, null, r.company_id, 'ruleMathsUpdated', 'labelReport', r.id,
                 jsonb_build_object('temperatureViolation', r.temperature_violation, 'humidityViolation', r.humidity_violation,
                                    'shockViolation', r.shock_violation, 'batteryLow', r.battery_low,
                                    'dataIncomplete', r.data_incomplete, 'verdict', r.summary -> 'overall' ->> 'verdict'),
                 ${JSON.stringify(after)}::jsonb, ${REASON}
          from label_reports r where r.id in (${chunk})
            and (r.temperature_violation, r.humidity_violation, r.shock_violation, r.battery_low, r.data_incomplete)
                is distinct from (${columns.temperatureViolation}, ${columns.humidityViolation}, ${columns.shockViolation},
                                  ${columns.batteryLow}, ${columns.dataIncomplete})`.execute(trx);
        const result = await sql`update label_reports set summary = ${JSON.stringify(summary)}::jsonb,
            temperature_violation = ${columns.temperatureViolation}, humidity_violation = ${columns.humidityViolation},
            shock_violation = ${columns.shockViolation}, battery_low = ${columns.batteryLow},
            data_incomplete = ${columns.dataIncomplete}, summary_maths = ${SUMMARY_MATHS_VERSION}
          where id in (select r.id from label_reports r
            where r.summary_maths < ${SUMMARY_MATHS_VERSION} and r.reading_count = 0
              and r.trim_start is null and r.trim_end is null
              and ${ruleMatch} and r.status = ${group.status} and r.interval_minutes = ${group.intervalMinutes}
            order by r.id limit ${EMPTY_CHUNK} for update skip locked)`.execute(trx);
        return Number(result.numAffectedRows ?? 0);
      });
      done += updated;
      if (updated < EMPTY_CHUNK) break;
    }
  }
  return done;
}

/** How many reports still wait for the current maths. */
async function staleReportCount(db: Db): Promise<number> {
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
  let done = await reevaluateEmptyReports(db, shouldStop);
  if (done > 0) log(`Re-evaluated ${done} reports without readings (${Math.round((Date.now() - started) / 1000)} s)`);
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
