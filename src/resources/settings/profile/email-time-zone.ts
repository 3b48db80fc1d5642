import type { ProfileChanges } from "@core/api/profile";
import { selectIsImpersonating, useAuthSessionStore } from "@/providers/stores/auth-session";
import { resolveTimeZone, type TimeZoneChoice } from "@/providers/stores/preferences";
import { SETTINGS_URL, useSettingsMutation } from "../api";

/**
 * The zone alert e-mails are written in (PATCH /api/me timeZone) for a zone chosen in
 * Preferences: the server cannot resolve "system", so the device's zone goes. Null: send
 * nothing. While impersonating the choice is the support person's, not the customer's.
 */
export function emailTimeZoneOf(choice: TimeZoneChoice, impersonating: boolean, device?: string): string | null {
  if (impersonating) return null;
  return resolveTimeZone(choice, device);
}

/**
 * Copies a zone choice to the server for e-mails. Fire-and-forget: the screen already
 * follows the choice from local storage, so a failure here is not worth a message.
 */
export function useEmailTimeZoneSync(): (choice: TimeZoneChoice) => void {
  const { mutate } = useSettingsMutation();
  return (choice) => {
    const timeZone = emailTimeZoneOf(choice, selectIsImpersonating(useAuthSessionStore.getState()));
    if (timeZone === null) return;
    mutate({
      url: SETTINGS_URL.me,
      method: "patch",
      values: { timeZone } satisfies ProfileChanges,
      successNotification: false,
      errorNotification: false,
    });
  };
}
