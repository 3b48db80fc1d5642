import type { QueryClient } from "@tanstack/react-query";
import {
  type AuthSessionData,
  selectActiveCompany,
  selectActiveRole,
  selectActiveRoleToken,
  selectIsImpersonating,
  useAuthSessionStore,
} from "./stores/auth-session";

/**
 * Who the dashboard acts as: the active role, its company, its permissions and whether support
 * acts through impersonation. A session refresh renews the role token without changing any of
 * it, and must not ask every open list and report again (nor blank a table while it does).
 */
function actingAs(state: AuthSessionData): string | null {
  const role = selectActiveRole(state);
  if (!role || !selectActiveRoleToken(state)) return null;
  return JSON.stringify([
    selectIsImpersonating(state),
    role.id,
    selectActiveCompany(state)?.id,
    role.type,
    role.featureFlags ?? {},
  ]);
}

/**
 * Changing who the dashboard acts as invalidates every cached query: data, Refine's auth
 * check and its access checks, so permissions are recomputed after a company switch, an
 * impersonation or a refresh that brought other permissions. On sign-out the previous
 * user's records leave the cache.
 */
export function syncQueriesWithSession(queryClient: QueryClient, store = useAuthSessionStore): () => void {
  let previous = actingAs(store.getState());
  return store.subscribe((state) => {
    const next = actingAs(state);
    if (next === previous) return;
    previous = next;
    if (next === null) queryClient.removeQueries({ queryKey: ["data"] });
    void queryClient.invalidateQueries();
  });
}
