import type { Action, Subject } from "@core/domain/permissions";
import { useCan } from "@refinedev/core";
import type { ReactNode } from "react";
import { Navigate } from "react-router";
import type { ResourceName } from "@/resources/names";

type Requirement =
  | { resource: ResourceName; action?: "list" | "show" | "create" | "edit" | "delete"; subject?: never }
  | { subject: Subject; action: Action; resource?: never };

/**
 * A route guard: a user without the permission goes to
 * `redirectTo` (`/` by default). Answers come from the CASL ability in memory.
 */
export function RequireAbility({
  children,
  redirectTo = "/",
  ...requirement
}: Requirement & { children: ReactNode; redirectTo?: string }) {
  const { data, isFetching } = useCan(
    requirement.subject !== undefined
      ? { action: requirement.action, params: { subject: requirement.subject } }
      : { resource: requirement.resource, action: requirement.action ?? "list" },
  );
  // The answers are cached per resource and action, not per role token: after a change of token
  // (a company switch, the end of an impersonation) a denial of the previous token is asked
  // again. The guard waits for that answer rather than sending the person away on the old one.
  if (data === undefined || (isFetching && !data.can)) return null;
  return data.can ? children : <Navigate to={redirectTo} replace />;
}
