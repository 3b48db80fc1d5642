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

/** PUT /me/notifications: the caller's e-mail alerts for one or more of their companies. */
export const notificationSettingsInput = Type.Array(
  Type.Object(
    {
      companyId: Type.String({ format: "uuid" }),
      excursionDetected: Type.Boolean(),
      reportFinished: Type.Boolean(),
      batteryLow: Type.Boolean(),
    },
    { additionalProperties: false },
  ),
  { minItems: 1, maxItems: 100 },
);

export type NotificationSettingsInput = Static<typeof notificationSettingsInput>;
