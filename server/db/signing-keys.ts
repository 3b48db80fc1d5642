import type { Insertable } from "kysely";
import type { Db } from "./index";
import type { SigningKeysTable } from "./schema";

/** The keys that sign sessions and role tokens (server/auth/keys.ts), shared by every server instance. */

/** Every key of the purpose not yet retired, newest first. */
export function workingSigningKeys(db: Db, purpose: "session" | "record" = "session") {
  return db
    .selectFrom("signingKeys")
    .selectAll()
    .where("purpose", "=", purpose)
    .where("retired", "is", null)
    .orderBy("created", "desc")
    .execute();
}

/** The public keys of every record key, retired ones too: a record signed years ago still verifies. */
export function recordPublicKeys(db: Db) {
  return db
    .selectFrom("signingKeys")
    .select("publicJwk")
    .where("purpose", "=", "record")
    .orderBy("created", "desc")
    .execute();
}

export async function insertSigningKey(db: Db, key: Insertable<SigningKeysTable>): Promise<void> {
  await db.insertInto("signingKeys").values(key).execute();
}
