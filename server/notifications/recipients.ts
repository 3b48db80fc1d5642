import { sql } from "kysely";
import type { Db } from "../db/index";
import { NOTIFICATION_DEFAULTS } from "../routes/me";

export type AlertKind = keyof typeof NOTIFICATION_DEFAULTS;

const COLUMN: Record<AlertKind, "excursionDetected" | "reportFinished" | "batteryLow"> = {
  excursionDetected: "excursionDetected",
  reportFinished: "reportFinished",
  batteryLow: "batteryLow",
};

/**
 * Who gets an e-mail alert of a company: its members whose setting for that company
 * (settings > profile > notifications) is on, or who never saved one and the alert
 * is on by default. Whatever sends alerts asks here, so the settings decide.
 */
export async function alertRecipients(db: Db, companyId: string, alert: AlertKind): Promise<string[]> {
  const column = sql.ref(`n.${COLUMN[alert]}`);
  const rows = await db
    .selectFrom("userRoles as ur")
    .innerJoin("users as u", "u.id", "ur.userId")
    .leftJoin("notificationSettings as n", (join) =>
      join.onRef("n.userId", "=", "ur.userId").onRef("n.companyId", "=", "ur.companyId"),
    )
    .select("u.email")
    .where("ur.companyId", "=", companyId)
    .where(sql<boolean>`coalesce(${column}, ${NOTIFICATION_DEFAULTS[alert]})`)
    .orderBy("u.email")
    .execute();
  return rows.map((r) => r.email);
}
