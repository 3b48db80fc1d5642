import { type RawBuilder, sql } from "kysely";
import { DEFAULT_ALERT_CHANNELS } from "../../core/domain/alert-channels";
import { isKnownTimeZone } from "../../core/domain/datetime";
import type { Db } from "../db/index";
import { NOTIFICATION_DEFAULTS } from "../db/notification-settings";

export type AlertKind = keyof typeof NOTIFICATION_DEFAULTS;

const COLUMN: Record<AlertKind, "excursionDetected" | "reportFinished" | "batteryLow"> = {
  excursionDetected: "excursionDetected",
  reportFinished: "reportFinished",
  batteryLow: "batteryLow",
};

export interface AlertRecipient {
  email: string;
  /** Whether the alert goes to `email`: they chose e-mail, or their text messages cannot reach them. */
  byEmail: boolean;
  /** Where their text messages go (E.164): set when they chose text messages and have a phone number. */
  phone: string | null;
  /**
   * The zone the e-mail's times are written in: the person's own (Settings > Profile >
   * Preferences, copied to the server by the dashboard), else that of the company the
   * person gets the alert through.
   */
  timeZone: string;
}

/**
 * Who gets an alert of a company: its members whose setting for that company
 * (settings > profile > notifications) is on, or who never saved one and the alert is on
 * by default; for a sub-company also the distributor administrators of its distributor,
 * by their setting for the distributor. Whatever sends alerts asks here, so the settings
 * decide, the channels (e-mail, text message) too. One row per person, even for someone
 * who is both.
 */
export async function alertAudience(db: Db, companyId: string, alert: AlertKind): Promise<AlertRecipient[]> {
  const column = sql.ref(`n.${COLUMN[alert]}`);
  const rows = await membersToTell(db, companyId, sql<boolean>`true`)
    .where(sql<boolean>`coalesce(${column}, ${NOTIFICATION_DEFAULTS[alert]})`)
    .execute();
  return byAddress(rows);
}

/**
 * The members of a company holding `ownRoles`, and for a sub-company its distributor's
 * administrators, one row per role held, the company's own first (a member of both
 * without a zone of their own then gets its zone).
 */
function membersToTell(db: Db, companyId: string, ownRoles: RawBuilder<boolean>) {
  return db
    .selectFrom("userRoles as ur")
    .innerJoin("users as u", "u.id", "ur.userId")
    .innerJoin("companies as c", "c.id", "ur.companyId")
    .leftJoin("notificationSettings as n", (join) =>
      join.onRef("n.userId", "=", "ur.userId").onRef("n.companyId", "=", "ur.companyId"),
    )
    .select(["u.email", "u.phone", "u.timeZone as ownTimeZone", "c.timeZone", "n.byEmail", "n.byTextMessage"])
    .where((eb) =>
      eb.or([
        eb.and([eb("ur.companyId", "=", companyId), ownRoles]),
        eb.and([
          eb(
            "ur.companyId",
            "=",
            eb.selectFrom("companies as sub").select("sub.parentId").where("sub.id", "=", companyId),
          ),
          eb("c.type", "=", "distributor"),
          sql<boolean>`'distributorAdmin' = any(${sql.ref("ur.types")})`,
        ]),
      ]),
    )
    .orderBy(sql`case when ${sql.ref("ur.companyId")} = ${companyId} then 0 else 1 end`)
    .orderBy("u.email");
}

interface MemberRow {
  email: string;
  phone: string | null;
  ownTimeZone: string | null;
  timeZone: string;
  byEmail: boolean | null;
  byTextMessage: boolean | null;
}

/**
 * One recipient per address (the first row's zone and channels), sorted by address. A
 * person who chose text messages only but has no phone number (any more) gets e-mails:
 * an alert never goes nowhere because a number was removed.
 */
function byAddress(rows: readonly MemberRow[]) {
  const byEmail = new Map<string, AlertRecipient>();
  for (const row of rows) {
    const { email, ownTimeZone, timeZone } = row;
    if (byEmail.has(email)) continue;
    // A stored zone a later runtime no longer knows must not keep the e-mail from being written.
    const own = ownTimeZone !== null && isKnownTimeZone(ownTimeZone) ? ownTimeZone : null;
    const phone = (row.byTextMessage ?? DEFAULT_ALERT_CHANNELS.byTextMessage) ? row.phone : null;
    const mail = (row.byEmail ?? DEFAULT_ALERT_CHANNELS.byEmail) || phone === null;
    byEmail.set(email, { email, byEmail: mail, phone, timeZone: own ?? timeZone });
  }
  return [...byEmail.values()].sort((a, b) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0));
}

/**
 * A company's administrators, who are told of an alarm nobody acknowledged in time
 * (server/alarms/escalation.ts) whatever their alert settings, by the channels they chose: its own
 * administrators, and for a sub-company its distributor's administrators.
 */
export async function companyAdministrators(db: Db, companyId: string): Promise<AlertRecipient[]> {
  const administrators = sql<boolean>`${sql.ref("ur.types")} && array['administrator', 'distributorAdmin']::text[]`;
  return byAddress(await membersToTell(db, companyId, administrators).execute());
}
