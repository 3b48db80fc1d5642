import { type Insertable, sql, type Updateable } from "kysely";
import type { Db } from "./index";
import type { SessionsTable } from "./schema";

/**
 * Sign-in sessions, and the ending of the company role tokens minted under them (a role
 * token dies with its session: verifyRoleToken joins it; they are revoked too, for the
 * record). Minting and verifying role tokens stay in server/auth/role-tokens.ts.
 */

export async function insertSession(db: Db, session: Insertable<SessionsTable>): Promise<void> {
  await db.insertInto("sessions").values(session).execute();
}

/** A session by its handle, locked until the transaction ends (a refresh in progress). */
export function lockSession(db: Db, handle: string) {
  return db.selectFrom("sessions").selectAll().where("handle", "=", handle).forUpdate().executeTakeFirst();
}

/** What an access token's check needs of its session. */
export function sessionState(db: Db, handle: string) {
  return db
    .selectFrom("sessions")
    .select(["revoked", "expires", "userId"])
    .where("handle", "=", handle)
    .executeTakeFirst();
}

export async function updateSession(db: Db, handle: string, changes: Updateable<SessionsTable>): Promise<void> {
  await db.updateTable("sessions").set(changes).where("handle", "=", handle).execute();
}

/**
 * Moves a session's last user action forward to `at` (never back: a refresh may have moved it
 * further meanwhile); answers what the activity report tells the dashboard. Undefined for an
 * ended session.
 */
export function noteSessionActivity(db: Db, handle: string, at: Date) {
  return db
    .updateTable("sessions")
    .set({ lastActiveAt: sql<Date>`greatest(last_active_at, ${at})` })
    .where("handle", "=", handle)
    .where("revoked", "is", null)
    .returning(["lastActiveAt", "created", "payload"])
    .executeTakeFirst();
}

/** Ends a session and its role tokens; two statements, so the caller runs them in one transaction. */
export async function endSession(db: Db, handle: string): Promise<void> {
  await db.updateTable("sessions").set({ revoked: new Date() }).where("handle", "=", handle).execute();
  await db.updateTable("roleTokens").set({ revoked: new Date() }).where("sessionHandle", "=", handle).execute();
}

/** Ends every open session of a person, but `except` (the caller's own); answers how many ended. */
export async function endSessionsOfUser(db: Db, userId: string, except?: string): Promise<number> {
  let query = db
    .updateTable("sessions")
    .set({ revoked: new Date() })
    .where("userId", "=", userId)
    .where("revoked", "is", null);
  if (except !== undefined) query = query.where("handle", "<>", except);
  const ended = await query.executeTakeFirst();
  return Number(ended.numUpdatedRows);
}

/** Revokes the open role tokens of every session of a person, but those of session `except`. */
export async function revokeRoleTokensOfUser(db: Db, userId: string, except?: string): Promise<void> {
  await db
    .updateTable("roleTokens")
    .set({ revoked: new Date() })
    .where("sessionHandle", "in", (eb) => {
      const sessions = eb.selectFrom("sessions").select("handle").where("userId", "=", userId);
      return except === undefined ? sessions : sessions.where("handle", "<>", except);
    })
    .where("revoked", "is", null)
    .execute();
}

/** Revokes one role token (an impersonation given up); a revoked one stays as it was. */
export async function revokeRoleToken(db: Db, tokenId: string): Promise<void> {
  await db
    .updateTable("roleTokens")
    .set({ revoked: new Date() })
    .where("id", "=", tokenId)
    .where("revoked", "is", null)
    .execute();
}
