import Session from "supertokens-web-js/recipe/session";
import { useAuthSessionStore } from "../stores/auth-session";

/**
 * A data request answered 401: the role token expired or was revoked. While
 * impersonating, the impersonation has ended; otherwise a session refresh brings a
 * new role token (stored by the refresh hook). True when a retry can succeed.
 * A refresh that fails on the way (no answer, 5xx) throws: the caller reports the
 * server as unreachable instead of treating the person as signed out.
 */
export async function renewRoleToken(): Promise<boolean> {
  const state = useAuthSessionStore.getState();
  if (state.impersonationRoleToken) {
    state.stopImpersonation();
    return true;
  }
  const before = state.currentUserRoleJWT;
  // attemptRefreshingSession resolves false when the server says the session is gone, throws otherwise.
  const refreshed = await Session.attemptRefreshingSession();
  return refreshed && useAuthSessionStore.getState().currentUserRoleJWT !== before;
}
