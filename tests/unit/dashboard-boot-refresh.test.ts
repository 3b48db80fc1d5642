// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { accessTokenExpiresAt, FRONT_TOKEN_COOKIE } from "@/providers/auth/front-token";
import { clearPrefetch, takePrefetchedBody } from "@/providers/boot-prefetch";
import { activeRoleHeaders, DATABASE_HEADER } from "@/providers/data-provider";
import { BOOT_REFRESH_MARGIN_MS, landingListRequestUrl, prefetchLandingList } from "@/providers/landing-prefetch";
import { EMPTY_SESSION, type UserRole, useAuthSessionStore } from "@/providers/stores/auth-session";

/**
 * The boot's early list request is the page's own only while the role token it carries is
 * the one the page will use: a session check that refreshes an expired access token brings a
 * new company role token, and the page then asks under that one.
 */

const NOW = Date.UTC(2026, 10, 25, 12, 0, 0);
const LIST = { pathname: "/label-reports", search: "" };
const company = { id: "c1", name: "Acme" };
const role: UserRole = { id: "r1", type: ["administrator"], company, user: { id: "u1" } };

/** The SDK's front token: base64 of the UTF-8 JSON. */
function frontToken(payload: object): string {
  const bytes = new TextEncoder().encode(JSON.stringify(payload));
  return btoa(String.fromCharCode(...bytes));
}

function setFrontToken(value: string | null) {
  // biome-ignore lint/suspicious/noDocumentCookie: the SDK's own cookie, as the SDK writes it.
  document.cookie =
    value === null ? `${FRONT_TOKEN_COOKIE}=; path=/; max-age=0` : `${FRONT_TOKEN_COOKIE}=${value}; path=/`;
}

function accessTokenExpiringIn(ms: number) {
  setFrontToken(frontToken({ uid: "u1", ate: NOW + ms, up: {} }));
}

const fetchMock = vi.fn(async () => new Response("{}", { headers: { "content-type": "application/json" } }));

/** Whether the boot left a request for the list's first page under the stored role token. */
async function prefetched(): Promise<boolean> {
  const url = landingListRequestUrl(LIST) as string;
  await new Promise((resolve) => setTimeout(resolve, 0));
  return takePrefetchedBody(url, { ...DATABASE_HEADER, ...activeRoleHeaders() }, () => NOW) !== undefined;
}

beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  fetchMock.mockClear();
  localStorage.clear();
  useAuthSessionStore.setState({
    ...EMPTY_SESSION,
    user: { id: "u1", email: "a@example.com", featureFlags: {} },
    userRoles: [role],
    companies: [company],
    currentUserRole: role,
    currentUserRoleToken: "company-secret",
    currentUserRoleJWT: "company-jwt",
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  clearPrefetch();
  setFrontToken(null);
});

describe("the boot's list request and the session refresh", () => {
  it("is sent when the access token outlives the session check", async () => {
    accessTokenExpiringIn(BOOT_REFRESH_MARGIN_MS + 60_000);
    prefetchLandingList(LIST, NOW);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(await prefetched()).toBe(true);
  });

  it("is not sent when the access token has expired: the refresh brings another role token", () => {
    accessTokenExpiringIn(-1_000);
    prefetchLandingList(LIST, NOW);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("is not sent when the access token expires before the session check runs", () => {
    accessTokenExpiringIn(BOOT_REFRESH_MARGIN_MS - 1_000);
    prefetchLandingList(LIST, NOW);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("is not sent without a readable front token (the check refreshes or signs out)", () => {
    setFrontToken("not-base64-json");
    prefetchLandingList(LIST, NOW);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("reckons with the clock skew the SDK learnt from the server", () => {
    // The client's clock is 60 s behind the server's: the token has 30 s left by the client's
    // clock, but expired 30 s ago by the server's, which is the clock the SDK refreshes by.
    accessTokenExpiringIn(30_000);
    localStorage.setItem("__st_clockSkewInMillis", "60000");
    prefetchLandingList(LIST, NOW);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("is sent while impersonating, whose token a refresh does not replace", async () => {
    accessTokenExpiringIn(-1_000);
    useAuthSessionStore.getState().startImpersonation({
      userRole: { ...role, id: "r2", type: ["user"] },
      token: { jwtToken: "impersonation-jwt", secret: "impersonation-secret" },
      company,
      expiry: NOW + 3_600_000,
    });
    prefetchLandingList(LIST, NOW);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(await prefetched()).toBe(true);
  });
});

describe("the access token's expiry from the SDK's front token", () => {
  it("is read from UTF-8 JSON, whatever the payload's characters", () => {
    expect(accessTokenExpiresAt(frontToken({ uid: "u1", ate: 1_700_000_000_000, up: { name: "Zoë 東京" } }))).toBe(
      1_700_000_000_000,
    );
  });

  it("is unknown for a missing or malformed token", () => {
    expect(accessTokenExpiresAt(undefined)).toBeNull();
    expect(accessTokenExpiresAt("%%%")).toBeNull();
    expect(accessTokenExpiresAt(frontToken({ uid: "u1" }))).toBeNull();
  });
});
