import { type RawBuilder, sql } from "kysely";
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
  /**
   * The zone the e-mail's times are written in: the person's own (Settings > Profile >
   * Preferences, copied to the server by the dashboard), else that of the company the
   * person gets the alert through.
   */
  timeZone: string;
}

/**
 * Who gets an e-mail alert of a company: its members whose setting for that company
 * (settings > profile > notifications) is on, or who never saved one and the alert is on
 * by default; for a sub-company also the distributor administrators of its distributor,
 * by their setting for the distributor. Whatever sends alerts asks here, so the settings
 * decide. One row per address, even for someone who is both.
 */
export async function alertAudience(db: Db, companyId: string, alert: AlertKind): Promise<AlertRecipient[]> {
  const column = sql.ref(`n.${COLUMN[alert]}`);
  const rows = await membersToTell(db, companyId, sql<boolean>`true`)
    .leftJoin("notificationSettings as n", (join) =>
      join.onRef("n.userId", "=", "ur.userId").onRef("n.companyId", "=", "ur.companyId"),
    )
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
    .select(["u.email", "u.timeZone as ownTimeZone", "c.timeZone"])
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

/** One recipient per address (the first row's zone), sorted by address. */
function byAddress(rows: readonly { email: string; ownTimeZone: string | null; timeZone: string }[]) {
  const byEmail = new Map<string, AlertRecipient>();
  for (const { email, ownTimeZone, timeZone } of rows) {
    if (byEmail.has(email)) continue;
    // A stored zone a later runtime no longer knows must not keep the e-mail from being written.
    const own = ownTimeZone !== null && isKnownTimeZone(ownTimeZone) ? ownTimeZone : null;
    byEmail.set(email, { email, timeZone: own ?? timeZone });
  }
  return [...byEmail.values()].sort((a, b) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0));
}

/**
 * A company's administrators, who are told of an alarm nobody acknowledged in time
 * (server/alarms/escalation.ts) whatever their notification settings: its own
 * administrators, and for a sub-company its distributor's administrators.
 */
export async function companyAdministrators(db: Db, companyId: string): Promise<AlertRecipient[]> {
  const administrators = sql<boolean>`${sql.ref("ur.types")} && array['administrator', 'distributorAdmin']::text[]`;
  return byAddress(await membersToTell(db, companyId, administrators).execute());
}
