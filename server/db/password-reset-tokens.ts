import type { Insertable } from "kysely";
import type { Db } from "./index";
import type { PasswordResetTokensTable } from "./schema";

/** Password reset links, stored as the hash of their token. */

export async function insertPasswordResetToken(db: Db, token: Insertable<PasswordResetTokensTable>): Promise<void> {
  await db.insertInto("passwordResetTokens").values(token).execute();
}

/** The token's row, locked until the transaction ends, so a link sets a password once. */
export function lockPasswordResetToken(db: Db, tokenHash: string) {
  return db
    .selectFrom("passwordResetTokens")
    .selectAll()
    .where("tokenHash", "=", tokenHash)
    .forUpdate()
    .executeTakeFirst();
}

export async function markPasswordResetTokenUsed(db: Db, tokenHash: string): Promise<void> {
  await db.updateTable("passwordResetTokens").set({ used: new Date() }).where("tokenHash", "=", tokenHash).execute();
}
