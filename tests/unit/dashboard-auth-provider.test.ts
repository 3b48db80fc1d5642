// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { createAuthProvider } from "@/providers/auth-provider";
import { EMPTY_SESSION, type UserRole, useAuthSessionStore } from "@/providers/stores/auth-session";

const role: UserRole = {
  id: "r1",
  type: ["administrator", "user"],
  company: { id: "c1", name: "Polar" },
  user: { id: "u1" },
};
const user = { id: "u1", email: "ada@example.com", firstName: "Ada", lastName: "Lovelace", featureFlags: {} };

function signedIn() {
  useAuthSessionStore.getState().setSession({ user, userRoles: [role] });
  useAuthSessionStore.getState().setCurrentRole(role, { jwtToken: "jwt", secret: "secret" });
}

function withFetch(response: () => Response | Promise<Response>) {
  const fetch = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => response());
  return {
    fetch,
    auth: createAuthProvider({ apiUrl: () => "/api", fetch: fetch as unknown as typeof globalThis.fetch }),
  };
}

beforeEach(() => {
  localStorage.clear();
  useAuthSessionStore.setState(EMPTY_SESSION);
});

describe("auth provider", () => {
  it("check is authenticated when the store holds an active role JWT", async () => {
    signedIn();
    expect(await createAuthProvider().check()).toEqual({ authenticated: true });
  });

  it("check without a role JWT sends the visitor to /signin", async () => {
    expect(await createAuthProvider().check()).toEqual({ authenticated: false, redirectTo: "/signin" });
  });

  it("a session-scoped check only needs a signed-in user", async () => {
    useAuthSessionStore.getState().setSession({ user, userRoles: [role] });
    const auth = createAuthProvider();
    expect((await auth.check({ scope: "session" })).authenticated).toBe(true);
    expect((await auth.check()).authenticated).toBe(false);
  });

  it("getIdentity comes from the store", async () => {
    signedIn();
    expect(await createAuthProvider().getIdentity?.()).toEqual({
      id: "u1",
      name: "Ada Lovelace",
      email: "ada@example.com",
    });
  });

  it("getPermissions returns the active role types", async () => {
    signedIn();
    expect(await createAuthProvider().getPermissions?.()).toEqual(["administrator", "user"]);
  });

  it("logout clears the store and redirects to /signin", async () => {
    signedIn();
    const result = await createAuthProvider().logout({});
    expect(result).toMatchObject({ success: true, redirectTo: "/signin" });
    expect(useAuthSessionStore.getState().currentUserRoleJWT).toBeNull();
    expect(useAuthSessionStore.getState().user).toBeNull();
  });

  it("a 401 signs the user out; other errors do not", async () => {
    const auth = createAuthProvider();
    expect(await auth.onError({ statusCode: 401, message: "Sign-in required" })).toMatchObject({
      logout: true,
      redirectTo: "/signin",
    });
    expect(await auth.onError({ statusCode: 403, message: "no" })).toEqual({});
  });

  it("login posts the e-mail/password form fields to {api}/auth/signin in header mode", async () => {
    const { fetch, auth } = withFetch(() => new Response(JSON.stringify({ status: "WRONG_CREDENTIALS_ERROR" })));
    await auth.login({ email: "ada@example.com", password: "pw" });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe("/api/auth/signin");
    expect(init?.method).toBe("POST");
    expect(init?.headers).toMatchObject({ rid: "emailpassword", "st-auth-mode": "header" });
    expect(JSON.parse(String(init?.body))).toEqual({
      formFields: [
        { id: "email", value: "ada@example.com" },
        { id: "password", value: "pw" },
      ],
    });
  });

  it("login answers 'Sign-in is not available yet' unless the server says OK", async () => {
    const refused = withFetch(() => new Response(JSON.stringify({ status: "WRONG_CREDENTIALS_ERROR" })));
    expect(await refused.auth.login({ email: "a@b.c", password: "x" })).toEqual({
      success: false,
      error: { name: "Sign in", message: "Sign-in is not available yet" },
    });
    const ok = withFetch(() => new Response(JSON.stringify({ status: "OK" })));
    expect(await ok.auth.login({ email: "a@b.c", password: "x" })).toMatchObject({ success: true });
  });

  it("every method resolves, even when the server cannot be reached", async () => {
    const { auth } = withFetch(() => Promise.reject(new TypeError("Failed to fetch")));
    await expect(auth.login({ email: "a@b.c", password: "x" })).resolves.toMatchObject({ success: false });
    await expect(auth.onError(null)).resolves.toEqual({});
  });
});
