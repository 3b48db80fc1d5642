import { type Subject, seesSubCompanyReports } from "@core/domain/permissions";
import { ResourceContext } from "@refinedev/core";
import { useCallback, useContext, useMemo } from "react";
import { useShallow } from "zustand/react/shallow";
import {
  decideAccess,
  type FindResource,
  resourceFinder,
  type SessionPermissions,
} from "@/providers/access-control-provider";
import { selectActiveRoleTypes, selectFeatureFlags, useAuthSessionStore } from "@/providers/stores/auth-session";

/** The session's roles and feature flags, re-rendering when they change. */
function useSessionPermissions(): SessionPermissions {
  return useAuthSessionStore(
    useShallow((state) => ({ roles: selectActiveRoleTypes(state), featureFlags: selectFeatureFlags(state) })),
  );
}

/** The app's resource entries by name, from Refine's context (App.tsx declares them). */
export function useFindResource(): FindResource {
  const { resources } = useContext(ResourceContext);
  return useMemo(() => resourceFinder(resources), [resources]);
}

export type AccessQuery = { action: string } & (
  | { resource: string; subject?: never }
  | { subject: Subject; resource?: never }
);

/**
 * Synchronous access checks for rendering many items at once (the menu, buttons),
 * answered by the same decision and the same in-memory ability as the access
 * control provider.
 */
export function useAccess(): (query: AccessQuery) => boolean {
  const session = useSessionPermissions();
  const find = useFindResource();
  return useCallback(
    ({ action, resource, subject }: AccessQuery) =>
      decideAccess(subject ? { action, params: { subject } } : { action, resource }, session, find).can,
    [session, find],
  );
}

/** Whether the person's lists span several companies (a distributor's sub-companies), so rows name their company. */
export function useSeesSeveralCompanies(): boolean {
  const can = useAccess();
  return seesSubCompanyReports((action, subject) => can({ action, subject }));
}
