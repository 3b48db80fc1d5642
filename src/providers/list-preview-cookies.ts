import { type PreviewView, previewCookieWrites } from "@/domain/list-preview-cookies";
import { restoresSavedSelection } from "@/resources/label-reports/first-paint/preview-plan";
import { selectActiveRoleToken, selectIsImpersonating, useAuthSessionStore } from "./stores/auth-session";
import { usePageFilterStore } from "./stores/page-filters";
import { selectTimeZoneName, usePreferencesStore } from "./stores/preferences";

/** What the list's look depends on besides its data (src/domain/list-preview-cookies.ts). */
export function currentPreviewView(): PreviewView {
  const preferences = usePreferencesStore.getState();
  return {
    timeZone: selectTimeZoneName(preferences),
    fahrenheit: preferences.fahrenheit,
    locale: preferences.locale,
    showMaintenanceBanner: preferences.showMaintenanceBanner,
    restoresSavedSelection: restoresSavedSelection(),
  };
}

/**
 * Keeps the list preview's cookies equal to the session, preferences and saved selections,
 * from now on: signing in or out, switching company, renewing the role token, impersonating
 * (no server preview then), changing a preference or saving a selection all rewrite them.
 * Started by the dashboard app (src/App.tsx).
 */
export function syncListPreviewCookies(): () => void {
  let last = "";
  const sync = () => {
    const session = useAuthSessionStore.getState();
    const token = selectIsImpersonating(session) ? null : selectActiveRoleToken(session);
    const writes = previewCookieWrites(token, currentPreviewView(), window.location.protocol === "https:");
    const key = writes.join("\n");
    if (key === last) return;
    last = key;
    // biome-ignore lint/suspicious/noDocumentCookie: written at once, before a reload can ask for the page; the Cookie Store API is asynchronous and missing from older browsers.
    for (const write of writes) document.cookie = write;
  };
  sync();
  const stops = [
    useAuthSessionStore.subscribe(sync),
    usePageFilterStore.subscribe(sync),
    usePreferencesStore.subscribe(sync),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}
