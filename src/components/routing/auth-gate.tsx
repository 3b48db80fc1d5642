import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { authProvider, type CheckParams } from "@/providers/auth-provider";
import { PageLoader } from "./page-loader";

export const AUTH_GATE_KEY = "auth-gate";

/**
 * Lets its children through when the auth provider's check passes for this scope.
 * (Refine's <Authenticated> caches every check under one key whatever its params, so
 * the sign-in screens, the company choice and the dashboard would share one answer.)
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
  const { data } = useQuery({
    queryKey: [AUTH_GATE_KEY, scope],
    queryFn: async () => (await authProvider.check?.({ scope })) ?? { authenticated: true },
    retry: false,
    gcTime: 0,
  });
  if (!data) return <PageLoader />;
  if (data.authenticated) return <>{children}</>;
  if (fallback !== undefined) return <>{fallback}</>;
  const back = `${location.pathname}${location.search}`;
  const to = data.redirectTo ?? "/signin";
  return <Navigate to={back === "/" ? to : `${to}?to=${encodeURIComponent(back)}`} replace />;
}
