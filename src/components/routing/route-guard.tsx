import type { Action, Subject } from "@core/domain/permissions";
import { guardRedirect, routeNameOf } from "@core/domain/route-guards";
import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { useAccess } from "@/hooks/use-access";

/** Applies the route guards (core/domain/route-guards.ts) to the current path. */
export function RouteGuard({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const access = useAccess();
  const redirect = guardRedirect(routeNameOf(pathname), (action: Action, subject: Subject) =>
    access({ action, subject }),
  );
  return redirect ? <Navigate to={redirect} replace /> : children;
}
