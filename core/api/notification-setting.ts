import { type Static, Type } from "typebox";

/** How alerts reach the person: e-mail, text message (to the phone number of their profile), or both. */
const channels = {
  byEmail: Type.Boolean({ description: "Alerts by e-mail (on by default)" }),
  byTextMessage: Type.Boolean({
    description:
      "Alerts by text message to the phone number of the caller's profile (off by default); needs a phone number and SMS_EMAIL_DOMAIN",
  }),
};

/** The caller's alerts in one of their companies (GET/PUT /me/notifications): which, and by which channels. */
export const notificationSettingRecord = Type.Object({
  companyId: Type.String(),
  companyName: Type.String(),
  excursionDetected: Type.Boolean(),
  reportFinished: Type.Boolean(),
  batteryLow: Type.Boolean(),
  ...channels,
});

export type NotificationSettingRecord = Static<typeof notificationSettingRecord>;

/**
 * PUT /me/notifications: the caller's alerts for one or more of their companies. The
 * channels may be left out (kept as they are, e-mail only until changed); at least one
 * of them stays on.
 */
export const notificationSettingsInput = Type.Array(
  Type.Object(
    {
      companyId: Type.String({ format: "uuid" }),
      excursionDetected: Type.Boolean(),
      reportFinished: Type.Boolean(),
      batteryLow: Type.Boolean(),
      byEmail: Type.Optional(channels.byEmail),
      byTextMessage: Type.Optional(channels.byTextMessage),
    },
    { additionalProperties: false },
  ),
  { minItems: 1, maxItems: 100 },
);

export type NotificationSettingsInput = Static<typeof notificationSettingsInput>;
