import type { QueryClient } from "@tanstack/react-query";
import { selectActiveRoleToken, useAuthSessionStore } from "./stores/auth-session";

/**
 * Changing the active role token invalidates every cached query:
 * data, Refine's auth check and its access checks, so permissions are recomputed
 * after a company switch or impersonation. On sign-out the previous user's records
 * leave the cache.
 */
export function syncQueriesWithSession(queryClient: QueryClient, store = useAuthSessionStore): () => void {
  let previous = selectActiveRoleToken(store.getState())?.jwtToken ?? null;
  return store.subscribe((state) => {
    const next = selectActiveRoleToken(state)?.jwtToken ?? null;
    if (next === previous) return;
    previous = next;
    if (next === null) queryClient.removeQueries({ queryKey: ["data"] });
    void queryClient.invalidateQueries();
  });
}
