import { sql } from "kysely";
import { NO_SIGNAL_INTERVALS, silentFrom } from "../../core/domain/no-signal";
import type { Db } from "../db/index";
import { recordAlertEvent } from "./enqueue-alerts";

/**
 * How long ago a silence may have begun and still be e-mailed when first noticed: a
 * server that was down for days, or the demo's old recordings, would otherwise e-mail
 * every silence at once. Such labels still show "No signal" in the list.
 */
const NO_SIGNAL_LOOKBACK_MS = 24 * 3_600_000;

/** SQL: the report `r` is silent at `now` (core/domain/no-signal.ts), its company's grace looked up. */
export function noSignalCondition(now: Date | null = null) {
  const at = now === null ? sql`now()` : sql`cast(${now.toISOString()} as timestamptz)`;
  return sql<boolean>`(r.status = 'recording' and r.last_reading_at is not null and r.last_reading_at < ${at} - (${sql.lit(NO_SIGNAL_INTERVALS)} * r.interval_minutes + (select nsc.no_signal_grace_minutes from companies nsc where nsc.id = r.company_id)) * interval '1 minute')`;
}

/**
 * Records a "No signal" event, once per silence, for each recording label that fell
 * silent within the lookback: the key is the last reading's time, so a label that reports
 * again and falls silent again is a new event. Each in its own transaction, so one bad
 * report does not hold back the others.
 */
export async function detectSilences(db: Db, now: Date, publicUrl: string): Promise<number> {
  const candidates = await db
    .selectFrom("labelReports as r")
    .innerJoin("companies as c", "c.id", "r.companyId")
    .select(["r.id", "r.status", "r.lastReadingAt", "r.intervalMinutes", "c.noSignalGraceMinutes"])
    .where(noSignalCondition(now))
    .where(
      sql<boolean>`r.last_reading_at >= ${new Date(now.getTime() - NO_SIGNAL_LOOKBACK_MS).toISOString()}::timestamptz - (${NO_SIGNAL_INTERVALS} * r.interval_minutes + c.no_signal_grace_minutes) * interval '1 minute'`,
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("alertEvents as e")
            .select("e.id")
            .whereRef("e.reportId", "=", "r.id")
            .where("e.kind", "=", "noSignal")
            .where(sql<boolean>`e.occurred_at > r.last_reading_at`),
        ),
      ),
    )
    .orderBy("r.id")
    .limit(500)
    .execute();
  let recorded = 0;
  for (const report of candidates) {
    if (report.lastReadingAt === null) continue;
    const last = new Date(report.lastReadingAt).toISOString();
    const from = silentFrom({
      status: report.status,
      lastReadingAt: last,
      intervalMinutes: report.intervalMinutes,
      graceMinutes: report.noSignalGraceMinutes,
    });
    if (from === null) continue;
    const stored = await db.transaction().execute(async (trx) => {
      // Another instance may have ended the report, or a reading may have arrived, since the
      // candidates were read: re-read it under a lock (the planned-end pass locks it too).
      const current = await trx
        .selectFrom("labelReports")
        .select(["status", "lastReadingAt"])
        .where("id", "=", report.id)
        .forUpdate()
        .executeTakeFirst();
      const unchanged =
        current?.status === "recording" &&
        current.lastReadingAt !== null &&
        new Date(current.lastReadingAt).toISOString() === last;
      if (!unchanged) return false;
      return recordAlertEvent(
        trx,
        {
          reportId: report.id,
          kind: "noSignal",
          key: `noSignal:${last}`,
          occurredAt: new Date(from).toISOString(),
          details: { lastReadingAt: last },
        },
        publicUrl,
        now,
      );
    });
    if (stored) recorded++;
  }
  return recorded;
}
