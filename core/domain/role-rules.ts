import { highestRank, isRole, ROLE_RANK } from "./permissions";
import { ROLES, type Role } from "./roles";

/**
 * Who may hand out which role (docs/decisions.md, "Editing members"). One place for the server's
 * checks and the dashboard's choices.
 */

/** The roles that make someone an administrator of a company (they manage its people). */
const ADMINISTRATOR_ROLES: readonly Role[] = ["administrator", "distributorAdmin", "systemAdmin"];

export const ROLE_LABELS: Record<Role, string> = {
  user: "User",
  administrator: "Administrator",
  distributorAdmin: "Distributor admin",
  systemAdmin: "System admin",
  handler: "Handler",
  subHandler: "Sub-handler",
};

export function roleLabel(role: string): string {
  return isRole(role) ? ROLE_LABELS[role] : role;
}

/** Nobody grants a role above their own: true when every role asked for is within reach. */
export function canGrant(ownRoles: readonly string[], roles: readonly string[]): boolean {
  return highestRank(roles) <= highestRank(ownRoles);
}

/** The roles someone holding `ownRoles` may give, in the table's order. */
export function grantableRoles(ownRoles: readonly string[]): Role[] {
  const own = highestRank(ownRoles);
  return ROLES.filter((role) => ROLE_RANK[role] <= own);
}

function holdsAdministratorRole(roles: readonly string[]): boolean {
  return roles.some((r) => (ADMINISTRATOR_ROLES as readonly string[]).includes(r));
}

/** Changing one's own roles from `before` to `after` would drop the last administrator role. */
export function dropsOwnLastAdministratorRole(before: readonly string[], after: readonly string[]): boolean {
  return holdsAdministratorRole(before) && !holdsAdministratorRole(after);
}
