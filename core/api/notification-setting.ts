import { type Static, Type } from "typebox";

/** The caller's e-mail alerts in one of their companies (GET/PUT /me/notifications). */
export const notificationSettingRecord = Type.Object({
  companyId: Type.String(),
  companyName: Type.String(),
  excursionDetected: Type.Boolean(),
  reportFinished: Type.Boolean(),
  batteryLow: Type.Boolean(),
});

export type NotificationSettingRecord = Static<typeof notificationSettingRecord>;
