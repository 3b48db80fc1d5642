import type { Db } from "./index";

/** Invitations into a company (table invites), stored as the hash of their token. */

/** An invitation by its token's hash, with its company's name (used or not: the caller checks). */
export function inviteByTokenHash(db: Db, tokenHash: string) {
  return db
    .selectFrom("invites as i")
    .innerJoin("companies as c", "c.id", "i.companyId")
    .select([
      "i.id",
      "i.email",
      "i.types",
      "i.companyId",
      "i.invitedBy",
      "i.expires",
      "i.accepted",
      "i.revoked",
      "c.name as companyName",
    ])
    .where("i.tokenHash", "=", tokenHash)
    .executeTakeFirst();
}

/** An invitation, locked until the transaction ends (an account being made with it). */
export function lockInvite(db: Db, id: string) {
  return db
    .selectFrom("invites")
    .select(["id", "companyId", "types", "invitedBy", "accepted", "revoked", "expires"])
    .where("id", "=", id)
    .forUpdate()
    .executeTakeFirst();
}

/** The invitation with this token's hash if it is still usable (not accepted, revoked or expired), locked. */
export function lockUsableInviteByTokenHash(db: Db, tokenHash: string) {
  return db
    .selectFrom("invites")
    .selectAll()
    .where("tokenHash", "=", tokenHash)
    .where("accepted", "is", null)
    .where("revoked", "is", null)
    .where("expires", ">", new Date())
    .forUpdate()
    .executeTakeFirst();
}

export async function markInviteAccepted(db: Db, id: string): Promise<void> {
  await db.updateTable("invites").set({ accepted: new Date() }).where("id", "=", id).execute();
}

/** A company's pending invitations as the members page lists them. */
export function pendingInvites(db: Db, companyId: string) {
  return db
    .selectFrom("invites as i")
    .leftJoin("users as u", "u.id", "i.invitedBy")
    .select(["i.id", "i.email", "i.types as roles", "i.created", "i.expires", "u.email as invitedBy"])
    .where("i.companyId", "=", companyId)
    .where("i.accepted", "is", null)
    .where("i.revoked", "is", null);
}

export function findPendingInvite(db: Db, companyId: string, id: string) {
  return pendingInvites(db, companyId).where("i.id", "=", id).executeTakeFirst();
}

/** Revokes the pending invitations of one address (lower-case) into a company: a new one replaces them. */
export async function revokePendingInvitesOf(db: Db, companyId: string, email: string): Promise<void> {
  await db
    .updateTable("invites")
    .set({ revoked: new Date() })
    .where("companyId", "=", companyId)
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email))
    .where("accepted", "is", null)
    .where("revoked", "is", null)
    .execute();
}

export async function insertInvite(
  db: Db,
  invite: { companyId: string; email: string; types: string[]; tokenHash: string; invitedBy: string; expires: Date },
): Promise<string> {
  const row = await db.insertInto("invites").values(invite).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

/** A fresh token and expiry for an invitation, vouched for by whoever sends it again. */
export async function reissueInvite(
  db: Db,
  id: string,
  fresh: { tokenHash: string; expires: Date; invitedBy: string },
): Promise<void> {
  await db.updateTable("invites").set(fresh).where("id", "=", id).execute();
}

/** Revokes a pending invitation of the company; false when there was none. */
export async function revokePendingInvite(db: Db, companyId: string, id: string): Promise<boolean> {
  const result = await db
    .updateTable("invites")
    .set({ revoked: new Date() })
    .where("id", "=", id)
    .where("companyId", "=", companyId)
    .where("accepted", "is", null)
    .where("revoked", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
