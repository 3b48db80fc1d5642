// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  decodePreviewToken,
  decodePreviewView,
  LIST_PREVIEW_TOKEN_COOKIE,
  LIST_PREVIEW_VIEW_COOKIE,
} from "@/domain/list-preview-cookies";
import { syncListPreviewCookies } from "@/providers/list-preview-cookies";
import { type UserRole, useAuthSessionStore } from "@/providers/stores/auth-session";
import { usePageFilterStore } from "@/providers/stores/page-filters";
import { usePreferencesStore } from "@/providers/stores/preferences";

/** The browser keeps the list preview's cookies equal to its stores (src/providers/list-preview-cookies.ts). */

const ROLE: UserRole = { id: "ur1", type: ["user"], company: { id: "c1", name: "Alpha" } } as UserRole;
const USER = { id: "u1", email: "anna@example.com", featureFlags: {} };

function cookie(name: string): string | undefined {
  const pair = document.cookie.split("; ").find((c) => c.startsWith(`${name}=`));
  return pair ? decodeURIComponent(pair.slice(name.length + 1)) : undefined;
}

let stop = () => {};

beforeEach(() => {
  // The cookies are scoped to the list's address: read them from there.
  window.history.replaceState(null, "", "/label-reports");
  useAuthSessionStore.getState().clearSession();
  usePageFilterStore.setState({ pageFilters: {} });
  usePreferencesStore.getState().resetPreferences();
  useAuthSessionStore.getState().setSession({ user: USER, userRoles: [ROLE] });
  useAuthSessionStore.getState().setCurrentRole(ROLE, { secret: "s1", jwtToken: "j.w.t" });
  stop = syncListPreviewCookies();
});
afterEach(() => {
  stop();
  useAuthSessionStore.getState().clearSession();
});

describe("the list preview's cookies in the browser", () => {
  it("hold the active role token once signed in", () => {
    expect(decodePreviewToken(cookie(LIST_PREVIEW_TOKEN_COOKIE))).toEqual({ secret: "s1", jwtToken: "j.w.t" });
  });

  it("follow a renewed role token", () => {
    useAuthSessionStore.getState().setRefreshed({ secret: "s2", jwtToken: "j2", roles: [ROLE] });
    expect(decodePreviewToken(cookie(LIST_PREVIEW_TOKEN_COOKIE))?.secret).toBe("s2");
  });

  it("are removed on signing out", () => {
    useAuthSessionStore.getState().clearSession();
    expect(cookie(LIST_PREVIEW_TOKEN_COOKIE)).toBeUndefined();
    expect(cookie(LIST_PREVIEW_VIEW_COOKIE)).toBeUndefined();
  });

  it("are removed while impersonating", () => {
    useAuthSessionStore.getState().startImpersonation({
      userRole: ROLE,
      token: { secret: "imp", jwtToken: "i.m.p" },
      company: ROLE.company,
      expiry: Date.now() + 60_000,
    });
    expect(cookie(LIST_PREVIEW_TOKEN_COOKIE)).toBeUndefined();
  });

  it("carry the zone dates are shown in: the device's for 'system', else the chosen one", () => {
    expect(decodePreviewView(cookie(LIST_PREVIEW_VIEW_COOKIE))?.timeZone).toBe(
      Intl.DateTimeFormat().resolvedOptions().timeZone,
    );
    usePreferencesStore.getState().setTimeZone("Asia/Tokyo");
    expect(decodePreviewView(cookie(LIST_PREVIEW_VIEW_COOKIE))?.timeZone).toBe("Asia/Tokyo");
  });

  it("carry units and the maintenance banner's dismissal", () => {
    usePreferencesStore.getState().setFahrenheit(true);
    usePreferencesStore.getState().setShowMaintenanceBanner(false);
    const view = decodePreviewView(cookie(LIST_PREVIEW_VIEW_COOKIE));
    expect(view?.fahrenheit).toBe(true);
    expect(view?.showMaintenanceBanner).toBe(false);
  });

  it("say when the list first restores a saved selection", () => {
    expect(decodePreviewView(cookie(LIST_PREVIEW_VIEW_COOKIE))?.restoresSavedSelection).toBe(false);
    usePageFilterStore.getState().setPageFilter("label-reports", {
      filters: [{ key: "status", operator: "eq", value: "recording" }],
      order: [],
      search: null,
    });
    expect(decodePreviewView(cookie(LIST_PREVIEW_VIEW_COOKIE))?.restoresSavedSelection).toBe(true);
  });
});
