import type { TestApp } from "./app";

/**
 * A new person with `types` in `companyId` and the membership's feature `flags` (API keys
 * and custom fields are behind one), answered as the role-token headers a test calls with.
 */
export async function flaggedMember(
  t: TestApp,
  email: string,
  companyId: string,
  flags: Record<string, boolean>,
  types: string[] = ["administrator"],
): Promise<Record<string, string>> {
  const user = await t.database.db.insertInto("users").values({ email }).returning("id").executeTakeFirstOrThrow();
  await t.database.db
    .insertInto("userRoles")
    .values({ userId: user.id, companyId, types, featureFlags: JSON.stringify(flags) })
    .execute();
  return t.headersFor(user.id, companyId);
}
