import { useCan } from "@refinedev/core";
import type { ReactNode } from "react";
import { Navigate } from "react-router";
import type { Action, Subject } from "@/domain/permissions";
import type { ResourceName } from "@/resources/names";

type Requirement =
  | { resource: ResourceName; action?: "list" | "show" | "create" | "edit" | "delete"; subject?: never }
  | { subject: Subject; action: Action; resource?: never };

/**
 * A route guard of spec section 2: a user without the permission goes to
 * `redirectTo` (`/` by default). Answers come from the CASL ability in memory.
 */
export function RequireAbility({
  children,
  redirectTo = "/",
  ...requirement
}: Requirement & { children: ReactNode; redirectTo?: string }) {
  const { data } = useCan(
    requirement.subject !== undefined
      ? { action: requirement.action, params: { subject: requirement.subject } }
      : { resource: requirement.resource, action: requirement.action ?? "list" },
  );
  if (data === undefined) return null;
  return data.can ? children : <Navigate to={redirectTo} replace />;
}
