import { describe, expect, test } from "vitest";
import {
  alertChannelsError,
  NEEDS_PHONE_MESSAGE,
  NO_CHANNEL_MESSAGE,
  NO_SMS_GATEWAY_MESSAGE,
} from "../../core/domain/alert-channels";

const ready = { hasPhone: true, textMessagesAvailable: true };

describe("alert channels", () => {
  test("e-mail, text message or both may be chosen when the phone and the gateway are there", () => {
    for (const [byEmail, byTextMessage] of [
      [true, false],
      [false, true],
      [true, true],
    ] as const)
      expect(alertChannelsError({ byEmail, byTextMessage }, ready)).toBeNull();
  });

  test("neither channel is refused on the e-mail switch", () => {
    expect(alertChannelsError({ byEmail: false, byTextMessage: false }, ready)).toEqual({
      field: "byEmail",
      error: NO_CHANNEL_MESSAGE,
    });
  });

  test("a text message needs a phone number on the profile", () => {
    expect(alertChannelsError({ byEmail: true, byTextMessage: true }, { ...ready, hasPhone: false })).toEqual({
      field: "byTextMessage",
      error: NEEDS_PHONE_MESSAGE,
    });
  });

  test("a text message needs the server's e-mail-to-SMS gateway", () => {
    expect(
      alertChannelsError({ byEmail: true, byTextMessage: true }, { ...ready, textMessagesAvailable: false }),
    ).toEqual({ field: "byTextMessage", error: NO_SMS_GATEWAY_MESSAGE });
  });

  test("e-mail alone needs neither a phone nor a gateway", () => {
    expect(
      alertChannelsError({ byEmail: true, byTextMessage: false }, { hasPhone: false, textMessagesAvailable: false }),
    ).toBeNull();
  });
});
