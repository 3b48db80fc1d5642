// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const session = vi.hoisted(() => ({
  doesSessionExist: vi.fn(async () => true),
  signOut: vi.fn(async () => undefined),
  attemptRefreshingSession: vi.fn(async () => true),
}));
const emailPassword = vi.hoisted(() => ({
  signIn: vi.fn(),
  signUp: vi.fn(),
  sendPasswordResetEmail: vi.fn(),
  submitNewPassword: vi.fn(),
}));
vi.mock("supertokens-web-js/recipe/session", () => ({ default: session }));
// The sign-in recipes as the SDK's modules answer once started (sign-in-recipes.ts starts them).
vi.mock("@/providers/auth/sign-in-recipes", () => ({
  EmailPassword: emailPassword,
  Passwordless: { consumeCode: vi.fn(), clearLoginAttemptInfo: vi.fn(async () => undefined) },
  ThirdParty: { signInAndUp: vi.fn() },
}));

import { FRONT_TOKEN_COOKIE } from "@/providers/auth/front-token";
import { setSignOutNotifier } from "@/providers/auth/sign-out-notice";
import { afterSessionCall, authRequestHeaders } from "@/providers/auth/supertokens";
import {
  createAuthProvider,
  SessionUnreachableError,
  SIGN_OUT_FAILED_LOG,
  storedCheck,
} from "@/providers/auth-provider";
import { EMPTY_SESSION, type UserRole, useAuthSessionStore } from "@/providers/stores/auth-session";

const serverRole = (companyId: string, name: string) => ({
  id: `role-${companyId}`,
  type: ["user"],
  company: { id: companyId, name },
  user: {
    id: "u1",
    email: "ada@example.com",
    firstName: "Ada",
    lastName: "Lovelace",
    featureFlags: { LABEL_REPORT_TRIM: true },
  },
});

/** The SDK's answer to a sign-in: the status and the unread response carrying our roles. */
function signedInWith(roles: unknown[]) {
  return {
    status: "OK",
    user: { id: "u1" },
    fetchResponse: new Response(JSON.stringify({ status: "OK", user: { id: "u1" }, roles })),
  };
}

const tokenFetch = vi.fn(
  async (_url: string, _init?: RequestInit) => new Response(JSON.stringify({ jwtToken: "jwt-1", secret: "secret-1" })),
);

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
  useAuthSessionStore.setState(EMPTY_SESSION);
  vi.stubGlobal("fetch", tokenFetch);
  tokenFetch.mockClear();
  session.doesSessionExist.mockResolvedValue(true);
  session.signOut.mockResolvedValue(undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const auth = createAuthProvider();
/** The frontend-readable session cookies supertokens-web-js keeps: a failed sign-out must expire them itself. */
const FRONTEND_COOKIES = ["sFrontToken", "st-last-access-token-update", "sAntiCsrf"];
const signIn = (email = "ada@example.com", password = "pw") => auth.login({ method: "password", email, password });

describe("after sign-in", () => {
  it("no roles is the error 'No roles found'", async () => {
    emailPassword.signIn.mockResolvedValueOnce(signedInWith([]));
    expect(await signIn()).toMatchObject({ success: false, error: { message: "No roles found" } });
  });

  it("exactly one role fetches that company's token, stores it and lands on / with signin=true", async () => {
    emailPassword.signIn.mockResolvedValueOnce(signedInWith([serverRole("c1", "Polar")]));
    expect(await signIn()).toEqual({ success: true, redirectTo: "/?signin=true" });
    expect(JSON.parse(tokenFetch.mock.calls[0]?.[1]?.body as string)).toEqual({ companyId: "c1" });
    const state = useAuthSessionStore.getState();
    expect([state.currentUserRoleJWT, state.currentUserRoleToken, state.currentUserRole?.company.id]).toEqual([
      "jwt-1",
      "secret-1",
      "c1",
    ]);
    expect(state.user?.featureFlags).toEqual({ LABEL_REPORT_TRIM: true });
  });

  it("several roles go to /select-company without fetching a token", async () => {
    emailPassword.signIn.mockResolvedValueOnce(signedInWith([serverRole("c1", "Polar"), serverRole("c2", "Fjord")]));
    expect(await signIn()).toEqual({ success: true, redirectTo: "/select-company" });
    expect(tokenFetch).not.toHaveBeenCalled();
    expect(useAuthSessionStore.getState().companies.map((c) => c.name)).toEqual(["Polar", "Fjord"]);
  });

  it("a failed token fetch is 'Could not fetch token'", async () => {
    emailPassword.signIn.mockResolvedValueOnce(signedInWith([serverRole("c1", "Polar")]));
    tokenFetch.mockResolvedValueOnce(new Response("{}", { status: 403 }));
    expect(await signIn()).toMatchObject({ success: false, error: { message: "Could not fetch token" } });
  });

  it("wrong credentials answer 'Wrong sign-in credentials'", async () => {
    emailPassword.signIn.mockResolvedValueOnce({ status: "WRONG_CREDENTIALS_ERROR" });
    expect(await signIn()).toMatchObject({ success: false, error: { message: "Wrong sign-in credentials" } });
  });

  it("a FIELD_ERROR comes back per field", async () => {
    emailPassword.signIn.mockResolvedValueOnce({
      status: "FIELD_ERROR",
      formFields: [{ id: "email", error: "Email is invalid" }],
    });
    expect(await signIn()).toMatchObject({ success: false, error: { fields: { email: "Email is invalid" } } });
  });

  it("SIGN_IN_NOT_ALLOWED carries its reason", async () => {
    emailPassword.signIn.mockResolvedValueOnce({ status: "SIGN_IN_NOT_ALLOWED", reason: "Locked" });
    expect(await signIn()).toMatchObject({ success: false, error: { message: "Locked" } });
  });
});

describe("sign-up", () => {
  it("clears the invite token, then lands like a sign-in", async () => {
    useAuthSessionStore.getState().setInviteToken("invite-1");
    emailPassword.signUp.mockResolvedValueOnce(signedInWith([serverRole("c1", "Polar")]));
    expect(await auth.register?.({ email: "a@b.c", password: "pw" })).toEqual({
      success: true,
      redirectTo: "/?signin=true",
    });
    expect(useAuthSessionStore.getState().inviteToken).toBeNull();
  });

  it("SIGN_UP_NOT_ALLOWED carries its reason", async () => {
    emailPassword.signUp.mockResolvedValueOnce({ status: "SIGN_UP_NOT_ALLOWED", reason: "Invitation only" });
    expect(await auth.register?.({ email: "a@b.c", password: "pw" })).toMatchObject({
      error: { message: "Invitation only" },
    });
  });
});

describe("sign-out", () => {
  const role: UserRole = { id: "r1", type: ["user"], company: { id: "c1", name: "Polar" }, user: { id: "u1" } };
  const signedInState = () => {
    useAuthSessionStore
      .getState()
      .setSession({ user: { id: "u1", email: "a@b.c", featureFlags: {} }, userRoles: [role] });
    useAuthSessionStore.getState().setCurrentRole(role, { jwtToken: "jwt", secret: "secret" });
    useAuthSessionStore.getState().setInviteToken("keep-me");
  };

  it("clears user, roles, companies and tokens, keeps the invite token, and goes to /signin", async () => {
    signedInState();
    expect(await auth.logout({})).toMatchObject({ success: true, redirectTo: "/signin" });
    const state = useAuthSessionStore.getState();
    expect([
      state.user,
      state.userRoles,
      state.companies,
      state.currentUserRoleJWT,
      state.currentUserRoleToken,
    ]).toEqual([null, [], [], null, null]);
    expect(state.inviteToken).toBe("keep-me");
  });

  it("shows one 'Sign out' snackbar, 500 ms after the last of several sign-outs", async () => {
    vi.useFakeTimers();
    const notify = vi.fn();
    setSignOutNotifier(notify);
    await auth.logout({});
    await vi.advanceTimersByTimeAsync(300);
    await auth.logout({});
    await vi.advanceTimersByTimeAsync(499);
    expect(notify).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(notify).toHaveBeenCalledExactlyOnceWith({
      type: "success",
      message: "Sign out",
      description: "You have successfully signed out",
    });
  });
});

describe("route checks", () => {
  it("a visitor without a session is sent to /signin", async () => {
    session.doesSessionExist.mockResolvedValueOnce(false);
    expect(await auth.check({ scope: "role" })).toEqual({ authenticated: false, redirectTo: "/signin" });
  });

  it("a session without a role token is signed out on a dashboard route", async () => {
    useAuthSessionStore.getState().setSession({ user: { id: "u1", email: "a@b.c", featureFlags: {} }, userRoles: [] });
    expect(await auth.check({ scope: "role" })).toMatchObject({
      authenticated: false,
      redirectTo: "/signin",
      logout: true,
    });
    expect(session.signOut).toHaveBeenCalled();
    expect(useAuthSessionStore.getState().user).toBeNull();
  });

  it("when that sign-out fails: refresh, expire three session cookies, log the error, go to /signin", async () => {
    session.signOut.mockRejectedValueOnce(new Error("offline"));
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    // biome-ignore lint/suspicious/noDocumentCookie: the test plants the SDK's own cookies to see them expire.
    for (const name of FRONTEND_COOKIES) document.cookie = `${name}=x; path=/`;
    const result = await auth.check({ scope: "role" });
    expect(result).toMatchObject({ authenticated: false, redirectTo: "/signin" });
    expect(session.attemptRefreshingSession).toHaveBeenCalled();
    for (const name of FRONTEND_COOKIES) expect(document.cookie).not.toContain(`${name}=x`);
    expect(log).toHaveBeenCalledWith(SIGN_OUT_FAILED_LOG, expect.any(Error));
    log.mockRestore();
  });

  it("a session whose refresh failed on the way is kept: the check asks for a retry and signs nobody out", async () => {
    // The SDK answers false when its refresh request fails (network, a page load aborting it) and keeps
    // its front token; only a server answer 'session gone' removes it.
    const role: UserRole = { id: "r1", type: ["user"], company: { id: "c1", name: "Polar" }, user: { id: "u1" } };
    useAuthSessionStore
      .getState()
      .setSession({ user: { id: "u1", email: "a@b.c", featureFlags: {} }, userRoles: [role] });
    useAuthSessionStore.getState().setCurrentRole(role, { jwtToken: "jwt", secret: "secret" });
    // biome-ignore lint/suspicious/noDocumentCookie: the test plants the SDK's front token.
    document.cookie = `${FRONT_TOKEN_COOKIE}=e30=; path=/`;
    try {
      session.doesSessionExist.mockResolvedValueOnce(false);
      await expect(auth.check({ scope: "role" })).rejects.toBeInstanceOf(SessionUnreachableError);
      session.doesSessionExist.mockResolvedValueOnce(false);
      expect(await auth.check({ scope: "visitor" })).toEqual({ authenticated: false });
      expect(session.signOut).not.toHaveBeenCalled();
      const state = useAuthSessionStore.getState();
      expect([state.user?.id, state.currentUserRoleJWT]).toEqual(["u1", "jwt"]);
    } finally {
      // biome-ignore lint/suspicious/noDocumentCookie: removes the planted cookie.
      document.cookie = `${FRONT_TOKEN_COOKIE}=; path=/; max-age=0`;
    }
  });

  it("a session the server said is gone (no front token left) clears the stored session", async () => {
    useAuthSessionStore.getState().setSession({ user: { id: "u1", email: "a@b.c", featureFlags: {} }, userRoles: [] });
    session.doesSessionExist.mockResolvedValueOnce(false);
    expect(await auth.check({ scope: "role" })).toEqual({ authenticated: false, redirectTo: "/signin" });
    expect(useAuthSessionStore.getState().user).toBeNull();
  });

  it("the company choice screens need a session but no role token", async () => {
    useAuthSessionStore.getState().setSession({ user: { id: "u1", email: "a@b.c", featureFlags: {} }, userRoles: [] });
    expect(await auth.check({ scope: "session" })).toEqual({ authenticated: true });
  });

  it("a check without a scope never signs anyone out", async () => {
    useAuthSessionStore.getState().setSession({ user: { id: "u1", email: "a@b.c", featureFlags: {} }, userRoles: [] });
    expect(await auth.check()).toEqual({ authenticated: false });
    expect(session.signOut).not.toHaveBeenCalled();
  });
});

describe("session refresh and auth requests", () => {
  it("after a refresh the roles, secret and JWT are stored", async () => {
    await afterSessionCall({
      action: "REFRESH_SESSION",
      fetchResponse: new Response(
        JSON.stringify({ jwtToken: "jwt-2", secret: "secret-2", roles: [serverRole("c1", "Polar")] }),
      ),
    });
    const state = useAuthSessionStore.getState();
    expect([state.currentUserRoleJWT, state.currentUserRoleToken, state.userRoles.length]).toEqual([
      "jwt-2",
      "secret-2",
      1,
    ]);
  });

  it("a refresh without jwtToken signs the user out", async () => {
    const role: UserRole = { id: "r1", type: ["user"], company: { id: "c1", name: "Polar" }, user: { id: "u1" } };
    useAuthSessionStore
      .getState()
      .setSession({ user: { id: "u1", email: "a@b.c", featureFlags: {} }, userRoles: [role] });
    useAuthSessionStore.getState().setCurrentRole(role, { jwtToken: "jwt", secret: "secret" });
    await afterSessionCall({
      action: "REFRESH_SESSION",
      fetchResponse: new Response(JSON.stringify({ status: "OK", roles: [] })),
    });
    expect(useAuthSessionStore.getState().currentUserRoleJWT).toBeNull();
    expect(useAuthSessionStore.getState().user).toBeNull();
  });

  it("a refresh answer cut off before its body arrived keeps the role token (it is not a refresh without jwtToken)", async () => {
    const role: UserRole = { id: "r1", type: ["user"], company: { id: "c1", name: "Polar" }, user: { id: "u1" } };
    useAuthSessionStore
      .getState()
      .setSession({ user: { id: "u1", email: "a@b.c", featureFlags: {} }, userRoles: [role] });
    useAuthSessionStore.getState().setCurrentRole(role, { jwtToken: "jwt", secret: "secret" });
    const cut = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"status":"OK","jwt'));
        controller.error(new TypeError("network error"));
      },
    });
    await afterSessionCall({ action: "REFRESH_SESSION", fetchResponse: new Response(cut) });
    const state = useAuthSessionStore.getState();
    expect([state.user?.id, state.currentUserRoleJWT]).toEqual(["u1", "jwt"]);
  });

  it("auth requests carry the role JWT and the database marker; sign-up also the invite token", async () => {
    const role: UserRole = { id: "r1", type: ["user"], company: { id: "c1", name: "Polar" }, user: { id: "u1" } };
    useAuthSessionStore.getState().setCurrentRole(role, { jwtToken: "jwt-9", secret: "s" });
    useAuthSessionStore.getState().setInviteToken("inv-9");
    const signUp = await authRequestHeaders({
      action: "EMAIL_PASSWORD_SIGN_UP",
      url: "/api/auth/signup",
      requestInit: {},
    });
    const headers = new Headers(signUp.requestInit.headers);
    expect([headers.get("jwt"), headers.get("x-database"), headers.get("invite-token")]).toEqual([
      "jwt-9",
      "postgres",
      "inv-9",
    ]);
    const signin = await authRequestHeaders({
      action: "EMAIL_PASSWORD_SIGN_IN",
      url: "/api/auth/signin",
      requestInit: {},
    });
    expect(new Headers(signin.requestInit.headers).get("invite-token")).toBeNull();
  });
});

describe("the gate's answer from the stored sign-in, while the session check runs", () => {
  const frontToken = (present: boolean) => {
    document.cookie = present ? `${FRONT_TOKEN_COOKIE}=e30=; path=/` : `${FRONT_TOKEN_COOKIE}=; path=/; max-age=0`;
  };
  afterEach(() => frontToken(false));

  it("a stored user with a company role token and the SDK's front token passes a dashboard gate", async () => {
    emailPassword.signIn.mockResolvedValueOnce(signedInWith([serverRole("c1", "Polar")]));
    await signIn();
    frontToken(true);
    expect(storedCheck("role", useAuthSessionStore.getState())).toEqual({ authenticated: true });
  });

  it("without the front token only the session check answers", async () => {
    emailPassword.signIn.mockResolvedValueOnce(signedInWith([serverRole("c1", "Polar")]));
    await signIn();
    frontToken(false);
    expect(storedCheck("role", useAuthSessionStore.getState())).toBeUndefined();
  });

  it("a user without a company role token passes the company-choice gate but not a dashboard gate", () => {
    useAuthSessionStore.getState().setSession({ user: { id: "u1", email: "a@b.c", featureFlags: {} }, userRoles: [] });
    frontToken(true);
    expect(storedCheck("role", useAuthSessionStore.getState())).toBeUndefined();
    expect(storedCheck("session", useAuthSessionStore.getState())).toEqual({ authenticated: true });
  });
});
