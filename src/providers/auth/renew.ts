import Session from "supertokens-web-js/recipe/session";
import { useAuthSessionStore } from "../stores/auth-session";

/**
 * A data request answered 401: the role token expired or was revoked. While
 * impersonating, the impersonation has ended; otherwise a session refresh brings a
 * new role token (stored by the refresh hook). True when a retry can succeed.
 */
export async function renewRoleToken(): Promise<boolean> {
  const state = useAuthSessionStore.getState();
  if (state.impersonationRoleToken) {
    state.stopImpersonation();
    return true;
  }
  const before = state.currentUserRoleJWT;
  const refreshed = await Session.attemptRefreshingSession().catch(() => false);
  return refreshed && useAuthSessionStore.getState().currentUserRoleJWT !== before;
}
