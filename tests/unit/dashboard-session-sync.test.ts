// @vitest-environment happy-dom
import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { syncQueriesWithSession } from "@/providers/session-sync";
import { EMPTY_SESSION, type UserRole, useAuthSessionStore } from "@/providers/stores/auth-session";

const role: UserRole = { id: "r1", type: ["user"], company: { id: "c1", name: "Polar" }, user: { id: "u1" } };
let stop: () => void = () => undefined;

beforeEach(() => {
  localStorage.clear();
  useAuthSessionStore.setState(EMPTY_SESSION);
});
afterEach(() => stop());

describe("session and query cache", () => {
  it("changing the role the dashboard acts as invalidates every cached query", () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, "invalidateQueries");
    stop = syncQueriesWithSession(client);
    useAuthSessionStore.getState().setCurrentRole(role, { jwtToken: "jwt-1", secret: "s1" });
    expect(invalidate).toHaveBeenCalledTimes(1);
    useAuthSessionStore.getState().setInviteToken("unrelated");
    expect(invalidate).toHaveBeenCalledTimes(1);
    useAuthSessionStore.getState().startImpersonation({
      userRole: role,
      token: { jwtToken: "jwt-2", secret: "s2" },
      company: role.company,
      expiry: 1,
    });
    expect(invalidate).toHaveBeenCalledTimes(2);
  });

  it("a refresh that renews the role token for the same role asks nothing again", () => {
    const client = new QueryClient();
    useAuthSessionStore.getState().setCurrentRole(role, { jwtToken: "jwt-1", secret: "s1" });
    const invalidate = vi.spyOn(client, "invalidateQueries");
    stop = syncQueriesWithSession(client);
    useAuthSessionStore.getState().setRefreshed({ jwtToken: "jwt-2", secret: "s2", roles: [role] });
    expect(invalidate).not.toHaveBeenCalled();
  });

  it("a refresh that brings the role other permissions invalidates every cached query", () => {
    const client = new QueryClient();
    useAuthSessionStore.getState().setCurrentRole(role, { jwtToken: "jwt-1", secret: "s1" });
    const invalidate = vi.spyOn(client, "invalidateQueries");
    stop = syncQueriesWithSession(client);
    useAuthSessionStore
      .getState()
      .setRefreshed({ jwtToken: "jwt-2", secret: "s2", roles: [{ ...role, type: ["administrator"] }] });
    expect(invalidate).toHaveBeenCalledTimes(1);
  });

  it("sign-out drops the previous user's records from the cache", () => {
    const client = new QueryClient();
    useAuthSessionStore.getState().setCurrentRole(role, { jwtToken: "jwt-1", secret: "s1" });
    client.setQueryData(["data", "default", "users", "list"], { data: [{ id: "u1" }], total: 1 });
    stop = syncQueriesWithSession(client);
    useAuthSessionStore.getState().clearSession();
    expect(client.getQueryData(["data", "default", "users", "list"])).toBeUndefined();
  });
});
