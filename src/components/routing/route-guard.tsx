import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import type { Action, Subject } from "@/domain/permissions";
import { guardRedirect, routeNameOf } from "@/domain/route-guards";
import { useAccess } from "@/hooks/use-access";

/** Applies the route guards of spec section 2 (src/domain/route-guards.ts) to the current path. */
export function RouteGuard({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const access = useAccess();
  const redirect = guardRedirect(routeNameOf(pathname), (action: Action, subject: Subject) =>
    access({ action, subject }),
  );
  return redirect ? <Navigate to={redirect} replace /> : children;
}
