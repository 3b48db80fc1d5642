import type { Insertable } from "kysely";
import type { Db } from "./index";
import type { SigningKeysTable } from "./schema";

/** The keys that sign sessions and role tokens (server/auth/keys.ts), shared by every server instance. */

/** Every key not yet retired, newest first. */
export function workingSigningKeys(db: Db) {
  return db.selectFrom("signingKeys").selectAll().where("retired", "is", null).orderBy("created", "desc").execute();
}

export async function insertSigningKey(db: Db, key: Insertable<SigningKeysTable>): Promise<void> {
  await db.insertInto("signingKeys").values(key).execute();
}
