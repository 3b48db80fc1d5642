import { sql } from "kysely";
import type { Db } from "../db/index";
import { messagesTo, renderAlertMail } from "../notifications/alert-mail";
import { companyAdministrators } from "../notifications/recipients";

/**
 * How long after its escalation time an open alarm is still e-mailed again when first
 * noticed: a server down for days, or the demo's old recordings, would otherwise send
 * every old alarm at once (as the no-signal pass does with old silences).
 */
const ESCALATION_LOOKBACK_MS = 24 * 3_600_000;
const BATCH = 100;

/** The subject of an escalation: what the alert said, marked as still unacknowledged. */
const ESCALATION_SUBJECT_PREFIX = "Unacknowledged alarm";

/**
 * Tells the company's administrators once (by e-mail and/or text message, as each chose) about each alarm still open (nobody
 * acknowledged it) past the company's `alarm_escalation_minutes` after it was raised: the
 * alert's own e-mail under an "Unacknowledged alarm" subject. `escalated_at` is set in the
 * transaction that writes the outbox rows, and the rows are locked (SKIP LOCKED), so two
 * instances never escalate one alarm twice. Answers how many alarms were escalated.
 */
export async function escalateAlarms(db: Db, now: Date, publicUrl: string): Promise<number> {
  const at = sql`cast(${now.toISOString()} as timestamptz)`;
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom("alarms as a")
      .innerJoin("companies as c", "c.id", "a.companyId")
      .innerJoin("alertEvents as e", "e.id", "a.alertEventId")
      .innerJoin("labelReports as r", "r.id", "a.reportId")
      .select([
        "a.id",
        "a.companyId",
        "a.reportId",
        "c.name as companyName",
        "r.labelId",
        "r.reference",
        "e.kind",
        "e.occurredAt",
        "e.details",
      ])
      .where("a.state", "=", "open")
      .where("a.escalatedAt", "is", null)
      .where(sql<boolean>`a.triggered_at <= ${at} - c.alarm_escalation_minutes * interval '1 minute'`)
      .where(
        sql<boolean>`a.triggered_at > ${at} - c.alarm_escalation_minutes * interval '1 minute' - ${sql.lit(ESCALATION_LOOKBACK_MS / 60_000)} * interval '1 minute'`,
      )
      .orderBy("a.triggeredAt")
      .limit(BATCH)
      .forUpdate("a")
      .skipLocked()
      .execute();
    const audiences = new Map<string, Awaited<ReturnType<typeof companyAdministrators>>>();
    for (const alarm of due) {
      let audience = audiences.get(alarm.companyId);
      if (!audience) {
        audience = await companyAdministrators(trx, alarm.companyId);
        audiences.set(alarm.companyId, audience);
      }
      const rows = audience.flatMap((person) => {
        const mail = renderAlertMail({
          ...alarm,
          occurredAt: new Date(alarm.occurredAt).toISOString(),
          timeZone: person.timeZone,
          publicUrl,
        });
        return messagesTo(person, {
          subject: `${ESCALATION_SUBJECT_PREFIX}: ${mail.subject}`,
          text: `Nobody has acknowledged this alarm yet. Open the report to acknowledge it.\n\n${mail.text}`,
          textMessage: `${ESCALATION_SUBJECT_PREFIX}: ${mail.textMessage}`,
        }).map((message) => ({ ...message, nextAttemptAt: now }));
      });
      if (rows.length > 0) await trx.insertInto("outbox").values(rows).execute();
    }
    if (due.length > 0)
      await trx
        .updateTable("alarms")
        .set({ escalatedAt: now })
        .where(
          "id",
          "in",
          due.map((alarm) => alarm.id),
        )
        .execute();
    return due.length;
  });
}
