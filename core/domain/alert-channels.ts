/**
 * How a person gets a company's alerts (settings > profile > notifications):
 * by e-mail, by text message through the e-mail-to-SMS gateway (SMS_EMAIL_DOMAIN) to the
 * phone number of their profile, or both. Never neither: turning alerts off is done per
 * alert kind, and an escalation to an administrator must reach them somewhere.
 */
export interface AlertChannels {
  byEmail: boolean;
  byTextMessage: boolean;
}

/** What a person has until they choose: e-mail only, as before text messages were a choice. */
export const DEFAULT_ALERT_CHANNELS: AlertChannels = { byEmail: true, byTextMessage: false };

export const NEEDS_PHONE_MESSAGE =
  "Add a phone number to your profile first (Settings > Profile > Personal details): text messages go to it";
export const NO_SMS_GATEWAY_MESSAGE =
  "Text messages are not available: this server has no e-mail-to-SMS gateway (SMS_EMAIL_DOMAIN)";
export const NO_CHANNEL_MESSAGE = "Choose e-mail, text message or both";

/**
 * Why a choice of channels cannot be saved, by field, or null when it can: a text
 * message needs a phone number on the profile and a configured gateway, and at least
 * one channel stays on.
 */
export function alertChannelsError(
  channels: AlertChannels,
  context: { hasPhone: boolean; textMessagesAvailable: boolean },
): { field: keyof AlertChannels; error: string } | null {
  if (!channels.byEmail && !channels.byTextMessage) return { field: "byEmail", error: NO_CHANNEL_MESSAGE };
  if (channels.byTextMessage && !context.textMessagesAvailable)
    return { field: "byTextMessage", error: NO_SMS_GATEWAY_MESSAGE };
  if (channels.byTextMessage && !context.hasPhone) return { field: "byTextMessage", error: NEEDS_PHONE_MESSAGE };
  return null;
}
