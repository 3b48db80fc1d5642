import type { Insertable } from "kysely";
import type { Db } from "./index";
import type { OidcSignInStatesTable } from "./schema";

/** Third-party sign-ins the server started (server/auth/oidc-states.ts), stored as hashes. */

export async function deleteExpiredSignInStates(db: Db, now: Date): Promise<void> {
  await db.deleteFrom("oidcSignInStates").where("expires", "<", now).execute();
}

export async function insertSignInState(db: Db, state: Insertable<OidcSignInStatesTable>): Promise<void> {
  await db.insertInto("oidcSignInStates").values(state).execute();
}

/**
 * Deletes the matching, unexpired record and answers its nonce: one statement, so a
 * state is used once even when two callbacks bring it at the same moment.
 */
export async function takeSignInStateRow(
  db: Db,
  match: { stateHash: string; pkceVerifierHash: string; providerId: string; redirectUri: string },
  now: Date,
): Promise<string | undefined> {
  const row = await db
    .deleteFrom("oidcSignInStates")
    .where("stateHash", "=", match.stateHash)
    .where("pkceVerifierHash", "=", match.pkceVerifierHash)
    .where("providerId", "=", match.providerId)
    .where("redirectUri", "=", match.redirectUri)
    .where("expires", ">", now)
    .returning("nonce")
    .executeTakeFirst();
  return row?.nonce;
}
