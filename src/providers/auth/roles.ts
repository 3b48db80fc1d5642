import type { SessionUser, UserRole } from "../stores/auth-session";

/** A role as the server sends it with a sign-in, sign-up or refresh (server/auth/accounts.ts RoleView). */
interface ServerRole {
  id: string;
  type: string[];
  company: { id: string; name: string };
  /** This membership's grant: flags are per company. */
  featureFlags?: Record<string, boolean>;
  user: { id: string; email: string; firstName?: string; lastName?: string; featureFlags?: Record<string, boolean> };
}

function isServerRole(value: unknown): value is ServerRole {
  const role = value as ServerRole | null;
  return (
    typeof role?.id === "string" &&
    Array.isArray(role.type) &&
    typeof role.company?.id === "string" &&
    typeof role.user?.id === "string"
  );
}

export function toUserRoles(roles: readonly unknown[]): UserRole[] {
  return roles.filter(isServerRole).map((r) => ({
    id: r.id,
    type: r.type,
    company: { id: r.company.id, name: r.company.name },
    user: { id: r.user.id, email: r.user.email },
    featureFlags: r.featureFlags ?? {},
  }));
}

/**
 * The person behind the roles (all roles carry the same user). Their featureFlags are the
 * first role's grant, kept for the stored shape; permissions read the active role's flags.
 */
export function userOf(roles: readonly unknown[]): SessionUser | null {
  const first = roles.find(isServerRole);
  if (!first) return null;
  const { id, email, firstName, lastName, featureFlags } = first.user;
  return {
    id,
    email,
    ...(firstName ? { firstName } : {}),
    ...(lastName ? { lastName } : {}),
    featureFlags: featureFlags ?? {},
  };
}
