import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { signInRedirect } from "@/providers/auth/return-to";
import { authProvider, type CheckParams, SessionUnreachableError, storedCheck } from "@/providers/auth-provider";
import { useAuthSessionStore } from "@/providers/stores/auth-session";
import { lazyComponent } from "./lazy-component";
import { PageLoader } from "./page-loader";

const SessionUnreachable = lazyComponent(
  async () => (await import("./session-unreachable")).SessionUnreachable,
  <PageLoader />,
);

const AUTH_GATE_KEY = "auth-gate";
/** Attempts after the first when the session cannot be confirmed (a network blip, a page load cutting a request). */
const SESSION_CHECK_RETRIES = 3;

const unreachable = (error: unknown): boolean => error instanceof SessionUnreachableError;

/**
 * Lets its children through when the auth provider's check passes for this scope.
 * (Refine's <Authenticated> caches every check under one key whatever its params, so
 * the sign-in screens, the company choice and the dashboard would share one answer.)
 * A session that cannot be confirmed is retried, then offered a retry: it is not a sign-out.
 */
export function AuthGate({
  scope = "role",
  children,
  fallback,
}: {
  scope?: CheckParams["scope"];
  children: ReactNode;
  fallback?: ReactNode;
}) {
  const location = useLocation();
  const { data, error, refetch, isFetching } = useQuery({
    queryKey: [AUTH_GATE_KEY, scope],
    queryFn: async () => (await authProvider.check?.({ scope })) ?? { authenticated: true },
    // The stored sign-in lets the screen render while the check runs, instead of a page loader
    // and a second render: a check that fails still redirects (below) or signs out.
    placeholderData: () => storedCheck(scope, useAuthSessionStore.getState()),
    retry: (failures, cause) => unreachable(cause) && failures < SESSION_CHECK_RETRIES,
    retryDelay: (attempt) => 500 * 2 ** attempt,
    gcTime: 0,
  });
  if (!data && error && !isFetching) {
    return (
      <SessionUnreachable message={error.message} stillSignedIn={unreachable(error)} onRetry={() => void refetch()} />
    );
  }
  if (!data) return <PageLoader />;
  if (data.authenticated) return <>{children}</>;
  if (fallback !== undefined) return <>{fallback}</>;
  const back = `${location.pathname}${location.search}`;
  const to = data.redirectTo ?? "/signin";
  return <Navigate to={signInRedirect(to, back)} replace />;
}
