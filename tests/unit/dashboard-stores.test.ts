// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  AUTH_SESSION_STORAGE_KEY,
  EMPTY_SESSION,
  type RoleToken,
  selectActiveCompany,
  selectActiveRole,
  selectActiveRoleToken,
  selectCanSwitchCompany,
  selectFeatureFlags,
  selectIsImpersonating,
  type UserRole,
  useAuthSessionStore,
} from "@/providers/stores/auth-session";
import { readCookie } from "@/providers/stores/cookie";
import {
  PAGE_FILTERS_STORAGE_KEY,
  savedSelectionKey,
  selectPageFilter,
  usePageFilterStore,
} from "@/providers/stores/page-filters";
import { DEFAULT_PREFERENCES, PREFERENCES_STORAGE_KEY, usePreferencesStore } from "@/providers/stores/preferences";

const user = { id: "u1", email: "ada@example.com", firstName: "Ada", lastName: "Lovelace", featureFlags: {} };
const role = (id: string, company: string, type = ["administrator"]): UserRole => ({
  id,
  type,
  company: { id: `c-${company}`, name: company },
  user: { id: "u1" },
});
const token: RoleToken = { jwtToken: "jwt-1", secret: "secret-1" };
function signInAs(id: string) {
  useAuthSessionStore
    .getState()
    .setSession({ user: { id, email: `${id}@example.com`, featureFlags: {} }, userRoles: [] });
}

const stored = (key: string) => JSON.parse(localStorage.getItem(key) ?? "null")?.state;

beforeEach(() => {
  localStorage.clear();
  // biome-ignore lint/suspicious/noDocumentCookie: test set-up clears the cookie under test.
  document.cookie = "user=; max-age=0; path=/";
  useAuthSessionStore.setState(EMPTY_SESSION);
  usePreferencesStore.getState().resetPreferences();
  usePageFilterStore.setState({ pageFilters: {} });
});

afterEach(() => vi.restoreAllMocks());

describe("auth session store", () => {
  it("is persisted whole in local storage", () => {
    useAuthSessionStore.getState().setSession({ user, userRoles: [role("r1", "Polar")] });
    useAuthSessionStore.getState().setCurrentRole(role("r1", "Polar"), token);
    expect(stored(AUTH_SESSION_STORAGE_KEY)).toMatchObject({
      user,
      userRoles: [role("r1", "Polar")],
      companies: [{ id: "c-Polar", name: "Polar" }],
      currentUserRole: role("r1", "Polar"),
      currentUserRoleToken: "secret-1",
      currentUserRoleJWT: "jwt-1",
      inviteToken: null,
      impersonationExpiry: null,
    });
  });

  it("writes the current user role to the `user` cookie", () => {
    useAuthSessionStore.getState().setCurrentRole(role("r1", "Polar"), token);
    expect(JSON.parse(readCookie("user") ?? "null")).toEqual(role("r1", "Polar"));
  });

  it("removes the `user` cookie on sign-out", () => {
    useAuthSessionStore.getState().setCurrentRole(role("r1", "Polar"), token);
    useAuthSessionStore.getState().clearSession();
    expect(readCookie("user")).toBeUndefined();
  });

  it("writes the cookie with SameSite=Lax and a one-year max-age", () => {
    const writes: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, "cookie");
    vi.spyOn(document, "cookie", "set").mockImplementation((value: string) => {
      writes.push(value);
      descriptor?.set?.call(document, value);
    });
    useAuthSessionStore.getState().setCurrentRole(role("r1", "Polar"), token);
    expect(writes.at(-1)).toMatch(/^user=.+; path=\/; max-age=31536000; SameSite=Lax$/);
  });

  it("the active role, token and company are the current ones when not impersonating", () => {
    useAuthSessionStore.getState().setCurrentRole(role("r1", "Polar"), token);
    const state = useAuthSessionStore.getState();
    expect(selectIsImpersonating(state)).toBe(false);
    expect(selectActiveRole(state)?.id).toBe("r1");
    expect(selectActiveRoleToken(state)).toEqual(token);
    expect(selectActiveCompany(state)).toEqual({ id: "c-Polar", name: "Polar" });
  });

  it("the active role, token and company are the impersonated ones while impersonating", () => {
    const store = useAuthSessionStore.getState();
    store.setCurrentRole(role("r1", "Polar"), token);
    const other = role("r9", "Other", ["user"]);
    const impersonationToken = { jwtToken: "jwt-9", secret: "secret-9" };
    store.startImpersonation({ userRole: other, token: impersonationToken, company: other.company, expiry: 1_000 });
    const state = useAuthSessionStore.getState();
    expect(selectIsImpersonating(state)).toBe(true);
    expect(selectActiveRole(state)).toEqual(other);
    expect(selectActiveRoleToken(state)).toEqual(impersonationToken);
    expect(selectActiveCompany(state)).toEqual(other.company);
    expect(state.impersonationExpiry).toBe(1_000);
  });

  it("stopping impersonation clears its role, token, company and expiry", () => {
    const store = useAuthSessionStore.getState();
    store.setCurrentRole(role("r1", "Polar"), token);
    const other = role("r9", "Other");
    store.startImpersonation({ userRole: other, token, company: other.company, expiry: 1 });
    store.stopImpersonation();
    expect(useAuthSessionStore.getState()).toMatchObject({
      impersonationRoleToken: null,
      impersonationUserRole: null,
      impersonationCompany: null,
      impersonationExpiry: null,
    });
    expect(selectActiveRole(useAuthSessionStore.getState())?.id).toBe("r1");
  });

  it("a flag granted in one company does not show its screens in another (the active company's grant)", () => {
    const store = useAuthSessionStore.getState();
    const granted = { ...role("r1", "Polar"), featureFlags: { API_KEYS: true } };
    const elsewhere = { ...role("r2", "Other", ["subHandler"]), featureFlags: {} };
    // The person-level map holds the flag: it must not decide.
    store.setSession({ user: { ...user, featureFlags: { API_KEYS: true } }, userRoles: [granted, elsewhere] });
    store.setCurrentRole(elsewhere, token);
    expect(selectFeatureFlags(useAuthSessionStore.getState())).toEqual({});
    store.setCurrentRole(granted, token);
    expect(selectFeatureFlags(useAuthSessionStore.getState())).toEqual({ API_KEYS: true });
    // While impersonating, the impersonated membership's grant.
    store.startImpersonation({ userRole: elsewhere, token, company: elsewhere.company, expiry: 1 });
    expect(selectFeatureFlags(useAuthSessionStore.getState())).toEqual({});
  });

  it("a session stored before flags moved to memberships reads as no flags, the same value each time", () => {
    const store = useAuthSessionStore.getState();
    const old = role("r1", "Polar");
    store.setSession({ user, userRoles: [old] });
    store.setCurrentRole(old, token);
    const state = useAuthSessionStore.getState();
    // A new object per call would make every component reading it through the hook render forever.
    expect(selectFeatureFlags(state)).toBe(selectFeatureFlags(state));
    expect(selectFeatureFlags(state)).toEqual({});
  });

  it("a user can switch company only with more than one role", () => {
    const store = useAuthSessionStore.getState();
    store.setSession({ user, userRoles: [role("r1", "Polar")] });
    expect(selectCanSwitchCompany(useAuthSessionStore.getState())).toBe(false);
    store.setSession({ user, userRoles: [role("r1", "Polar"), role("r2", "Other")] });
    expect(selectCanSwitchCompany(useAuthSessionStore.getState())).toBe(true);
  });

  it("a refresh stores the roles, secret and JWT", () => {
    const store = useAuthSessionStore.getState();
    store.setCurrentRole(role("r1", "Polar"), token);
    store.setRefreshed({ jwtToken: "jwt-2", secret: "secret-2", roles: [role("r1", "Polar", ["user"])] });
    const state = useAuthSessionStore.getState();
    expect(selectActiveRoleToken(state)).toEqual({ jwtToken: "jwt-2", secret: "secret-2" });
    expect(state.currentUserRole?.type).toEqual(["user"]);
  });

  it("sign-out clears user, roles, companies and tokens but keeps the invite token", () => {
    const store = useAuthSessionStore.getState();
    store.setInviteToken("invite-1");
    store.setSession({ user, userRoles: [role("r1", "Polar")] });
    store.setCurrentRole(role("r1", "Polar"), token);
    store.clearSession();
    expect(useAuthSessionStore.getState()).toMatchObject({ ...EMPTY_SESSION, inviteToken: "invite-1" });
    store.clearInviteToken();
    expect(useAuthSessionStore.getState().inviteToken).toBeNull();
  });
});

describe("preferences store", () => {
  it("starts from the spec's defaults", () => {
    const {
      timeZone,
      fahrenheit,
      locale,
      downloadReport,
      liveViewEnabled,
      showMaintenanceBanner,
      showLabelPresetFeatureModal,
    } = usePreferencesStore.getState();
    expect({
      timeZone,
      fahrenheit,
      locale,
      downloadReport,
      liveViewEnabled,
      showMaintenanceBanner,
      showLabelPresetFeatureModal,
    }).toEqual(DEFAULT_PREFERENCES);
    expect(downloadReport).toEqual({
      pageSize: "a4",
      fileType: "pdf",
      timeZone: "utc",
      locale: "en-US",
      temperatureUnit: "celsius",
      includeDataTable: "minimal",
    });
    expect([liveViewEnabled, showMaintenanceBanner, showLabelPresetFeatureModal]).toEqual([false, true, true]);
  });

  it("is persisted in local storage per person", () => {
    signInAs("u1");
    usePreferencesStore.getState().setTimeZone("Europe/Amsterdam");
    usePreferencesStore.getState().setDownloadReport({ fileType: "csv" });
    expect(stored(`${PREFERENCES_STORAGE_KEY}:u1`)).toMatchObject({
      timeZone: "Europe/Amsterdam",
      // The interface zone becomes the download's default too.
      downloadReport: { ...DEFAULT_PREFERENCES.downloadReport, timeZone: "Europe/Amsterdam", fileType: "csv" },
    });
  });
});

describe("preferences of the next person in the same browser", () => {
  it("the next person signing in starts from the defaults, not the previous person's choices", () => {
    signInAs("u1");
    usePreferencesStore.getState().setLocale("de-DE");
    usePreferencesStore.getState().setFahrenheit(true);
    useAuthSessionStore.getState().clearSession();
    signInAs("u2");
    expect(usePreferencesStore.getState().locale).toBe("en-US");
    expect(usePreferencesStore.getState().fahrenheit).toBeNull();
  });

  it("a person signing in again gets their own preferences back", () => {
    signInAs("u1");
    usePreferencesStore.getState().setTimeZone("Asia/Tokyo");
    useAuthSessionStore.getState().clearSession();
    signInAs("u2");
    useAuthSessionStore.getState().clearSession();
    signInAs("u1");
    expect(usePreferencesStore.getState().timeZone).toBe("Asia/Tokyo");
  });

  it("after a sign-out the defaults show", () => {
    signInAs("u1");
    usePreferencesStore.getState().setLocale("fr-FR");
    useAuthSessionStore.getState().clearSession();
    expect(usePreferencesStore.getState().locale).toBe("en-US");
  });
});

describe("page filter store", () => {
  const saved = {
    filters: [{ key: "status", operator: "eq" as const, value: "ended" }],
    order: [{ key: "created", direction: "desc" as const }],
    search: { key: "labelId", operator: "ilike" as const, value: "LBL" },
  };

  it("keeps a saved selection per list, person and company, persisted in local storage", () => {
    const key = savedSelectionKey("label-reports", "u1", "c1") as string;
    usePageFilterStore.getState().setPageFilter(key, saved);
    expect(stored(PAGE_FILTERS_STORAGE_KEY)).toMatchObject({ pageFilters: { [key]: saved } });
    expect(
      selectPageFilter(usePageFilterStore.getState(), savedSelectionKey("label-reports", "u2", "c1")),
    ).toBeUndefined();
    expect(
      selectPageFilter(usePageFilterStore.getState(), savedSelectionKey("label-reports", "u1", "c2")),
    ).toBeUndefined();
  });

  it("has no key without a person and a company", () => {
    expect(savedSelectionKey("label-reports", undefined, "c1")).toBeNull();
    expect(savedSelectionKey("label-reports", "u1", undefined)).toBeNull();
  });

  it("a missing page filter key logs a warning", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(selectPageFilter(usePageFilterStore.getState(), null)).toBeUndefined();
    usePageFilterStore.getState().setPageFilter("", saved);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(usePageFilterStore.getState().pageFilters).toEqual({});
  });
});
