import type { Db } from "./index";
import type { CredentialCodesTable } from "./schema";

/** Codes e-mailed or texted as a fresh proof (server/auth/fresh-proof.ts): one per person and purpose. */

type Purpose = CredentialCodesTable["purpose"];

export interface CodeRow {
  codeHash: string;
  phone: string | null;
  failedAttempts: number;
  expires: Date;
}

/** Stores the person's code for this purpose, replacing one that was waiting. */
export async function upsertCredentialCode(db: Db, userId: string, purpose: Purpose, code: CodeRow): Promise<void> {
  await db
    .insertInto("credentialCodes")
    .values({ userId, purpose, ...code })
    .onConflict((oc) => oc.columns(["userId", "purpose"]).doUpdateSet(code))
    .execute();
}

/** The waiting code, locked until the transaction ends (a try being counted). */
export function lockCredentialCode(db: Db, userId: string, purpose: Purpose) {
  return db
    .selectFrom("credentialCodes")
    .selectAll()
    .where("userId", "=", userId)
    .where("purpose", "=", purpose)
    .forUpdate()
    .executeTakeFirst();
}

export async function setCredentialCodeFailures(
  db: Db,
  userId: string,
  purpose: Purpose,
  failedAttempts: number,
): Promise<void> {
  await db
    .updateTable("credentialCodes")
    .set({ failedAttempts })
    .where("userId", "=", userId)
    .where("purpose", "=", purpose)
    .execute();
}

export async function deleteCredentialCode(db: Db, userId: string, purpose: Purpose): Promise<void> {
  await db.deleteFrom("credentialCodes").where("userId", "=", userId).where("purpose", "=", purpose).execute();
}

/** Every waiting code of a person, whatever its purpose. */
export async function deleteCredentialCodesOf(db: Db, userId: string): Promise<void> {
  await db.deleteFrom("credentialCodes").where("userId", "=", userId).execute();
}
