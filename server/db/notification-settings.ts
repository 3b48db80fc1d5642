import { type AlertChannels, DEFAULT_ALERT_CHANNELS } from "../../core/domain/alert-channels";
import type { Db } from "./index";

/** Which alerts a person gets, and by which channels, per company they belong to (table notification_settings). */

/** Defaults of an alert setting nobody saved yet (the notification_settings column defaults). */
export const NOTIFICATION_DEFAULTS = { excursionDetected: true, reportFinished: false, batteryLow: true } as const;

export interface NotificationSetting extends AlertChannels {
  companyId: string;
  excursionDetected: boolean;
  reportFinished: boolean;
  batteryLow: boolean;
}

/** A person's alert settings in every company they belong to, by company name; unsaved ones as the defaults. */
export async function notificationSettingsOf(
  db: Db,
  userId: string,
): Promise<(NotificationSetting & { companyName: string })[]> {
  const rows = await db
    .selectFrom("userRoles as ur")
    .innerJoin("companies as c", "c.id", "ur.companyId")
    .leftJoin("notificationSettings as n", (join) =>
      join.onRef("n.userId", "=", "ur.userId").onRef("n.companyId", "=", "ur.companyId"),
    )
    .select([
      "c.id as companyId",
      "c.name as companyName",
      "n.excursionDetected",
      "n.reportFinished",
      "n.batteryLow",
      "n.byEmail",
      "n.byTextMessage",
    ])
    .where("ur.userId", "=", userId)
    .orderBy("c.name")
    .execute();
  return rows.map((r) => ({
    companyId: r.companyId,
    companyName: r.companyName,
    excursionDetected: r.excursionDetected ?? NOTIFICATION_DEFAULTS.excursionDetected,
    reportFinished: r.reportFinished ?? NOTIFICATION_DEFAULTS.reportFinished,
    batteryLow: r.batteryLow ?? NOTIFICATION_DEFAULTS.batteryLow,
    byEmail: r.byEmail ?? DEFAULT_ALERT_CHANNELS.byEmail,
    byTextMessage: r.byTextMessage ?? DEFAULT_ALERT_CHANNELS.byTextMessage,
  }));
}

/** Saves a person's alert settings in one company, replacing what was saved. */
export async function saveNotificationSetting(db: Db, userId: string, setting: NotificationSetting): Promise<void> {
  await db
    .insertInto("notificationSettings")
    .values({ ...setting, userId, updated: new Date() })
    .onConflict((oc) =>
      oc.columns(["userId", "companyId"]).doUpdateSet({
        excursionDetected: setting.excursionDetected,
        reportFinished: setting.reportFinished,
        batteryLow: setting.batteryLow,
        byEmail: setting.byEmail,
        byTextMessage: setting.byTextMessage,
        updated: new Date(),
      }),
    )
    .execute();
}
