import type { UserRoleRecord } from "../../core/api/role-token";
import type { Db } from "../db/index";
import { membershipsWithCompanies } from "../db/memberships";
import type { User } from "../db/schema";

/** The user object of the SuperTokens frontend protocol , without account linking. */
export function protocolUser(user: User, recipeId: "emailpassword" | "passwordless" | "thirdparty" = "emailpassword") {
  const timeJoined = user.timeJoined.getTime();
  const method: Record<string, unknown> = {
    recipeId,
    recipeUserId: user.id,
    tenantIds: ["public"],
    timeJoined,
    verified: recipeId !== "emailpassword",
    email: user.email,
  };
  if (user.phone) method.phoneNumber = user.phone;
  return {
    id: user.id,
    isPrimaryUser: false,
    tenantIds: ["public"],
    timeJoined,
    emails: [user.email],
    phoneNumbers: user.phone ? [user.phone] : [],
    thirdParty: [],
    webauthn: { credentialIds: [] },
    loginMethods: [method],
  };
}

/**
 * Our own view of a person, as the dashboard keeps it (a user with featureFlags).
 * Flags are granted per membership: `featureFlags` is the grant in one company.
 */
function profile(user: User, featureFlags: Record<string, boolean>) {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    featureFlags,
  };
}

/** Every role of a user, one per company (spec: a user may hold roles in several companies). */
export async function rolesOf(db: Db, user: User): Promise<UserRoleRecord[]> {
  const rows = await membershipsWithCompanies(db, user.id);
  return rows.map((r) => ({
    id: r.id,
    type: r.types,
    featureFlags: r.featureFlags ?? {},
    company: { id: r.companyId, name: r.name, type: r.type, parentId: r.parentId },
    user: profile(user, r.featureFlags ?? {}),
  }));
}
