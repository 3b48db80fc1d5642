import {
  ACTIONS,
  type Action,
  type AppAbility,
  defineAbilityFor,
  type FeatureFlags,
  SUBJECTS,
  type Subject,
} from "@core/domain/permissions";
import type { AccessControlProvider, CanParams, CanReturnType, IResourceItem } from "@refinedev/core";
import { selectActiveRoleTypes, selectFeatureFlags, useAuthSessionStore } from "./stores/auth-session";

/**
 * Refine's `can()` answered from the CASL ability of core/domain/permissions.ts (the
 * same matrix the server enforces), built once per active role and feature flags.
 */

/** Refine's actions in CASL's vocabulary. */
const REFINE_ACTIONS: Record<string, Action> = {
  list: "read",
  show: "read",
  edit: "update",
  clone: "create",
  create: "create",
  delete: "delete",
};

export interface SessionPermissions {
  roles: readonly string[];
  featureFlags: FeatureFlags;
}

export function activeSessionPermissions(): SessionPermissions {
  const state = useAuthSessionStore.getState();
  return { roles: selectActiveRoleTypes(state), featureFlags: selectFeatureFlags(state) };
}

const isAction = (value: string): value is Action => (ACTIONS as readonly string[]).includes(value);
const isSubject = (value: unknown): value is Subject =>
  typeof value === "string" && (SUBJECTS as readonly string[]).includes(value);

function toAbilityAction(action: string): Action | undefined {
  return REFINE_ACTIONS[action] ?? (isAction(action) ? action : undefined);
}

/** An ability builder that rebuilds only when the roles or feature flags change. */
export function memoisedAbility(build: typeof defineAbilityFor = defineAbilityFor) {
  let lastKey: string | undefined;
  let last: AppAbility | undefined;
  return ({ roles, featureFlags }: SessionPermissions): AppAbility => {
    const flags = Object.keys(featureFlags)
      .filter((flag) => featureFlags[flag])
      .sort();
    const key = JSON.stringify([[...roles].sort(), flags]);
    if (last === undefined || key !== lastKey) {
      last = build(roles, featureFlags);
      lastKey = key;
    }
    return last;
  };
}

/** The ability of the running dashboard, shared by the provider and the menu. */
export const sharedAbility = memoisedAbility();

/**
 * A resource entry by name: the resources App.tsx hands to Refine (src/resources/), which
 * pages reach through Refine's ResourceContext rather than by importing them.
 */
export type FindResource = (name: string) => Pick<IResourceItem, "meta"> | undefined;

export function resourceFinder(resources: readonly IResourceItem[]): FindResource {
  const byName = new Map(resources.map((resource) => [resource.name, resource]));
  return (name) => byName.get(name);
}

/**
 * The subject of a check: `params.subject` for checks that are not about a resource
 * (a settings page), else the resource's `meta.subject`.
 */
function subjectOf({ resource, params }: CanParams, find: FindResource): Subject | undefined | null {
  if (isSubject(params?.subject)) return params.subject;
  const meta = params?.resource?.meta ?? (resource === undefined ? undefined : find(resource)?.meta);
  if (meta === undefined) return null; // an unknown resource
  return isSubject(meta.subject) ? meta.subject : undefined;
}

/** The answer to one access question, given the session's permissions. Synchronous: the ability is in memory. */
export function decideAccess(
  params: CanParams,
  session: SessionPermissions,
  find: FindResource,
  abilityFor: (session: SessionPermissions) => AppAbility = sharedAbility,
): CanReturnType {
  const subject = subjectOf(params, find);
  if (subject === null) return { can: false, reason: `Unknown resource '${params.resource ?? ""}'` };
  // A resource without a subject (settings) is open to every signed-in user.
  if (subject === undefined) return { can: true };
  const action = toAbilityAction(params.action);
  if (!action) return { can: false, reason: `Unknown action '${params.action}'` };
  const can = abilityFor(session).can(action, subject);
  return can ? { can } : { can, reason: `You do not have permission to ${action} ${subject}` };
}

/** Refine's access control over `resources` (App.tsx passes the app's). */
export function createAccessControlProvider(
  resources: readonly IResourceItem[],
  readSession: () => SessionPermissions = activeSessionPermissions,
  abilityFor: (session: SessionPermissions) => AppAbility = memoisedAbility(),
): AccessControlProvider {
  const find = resourceFinder(resources);
  return {
    can: async (params: CanParams) => decideAccess(params, readSession(), find, abilityFor),
    options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
  };
}
