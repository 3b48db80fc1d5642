import type { FastifyRequest } from "fastify";
import type { Db } from "../db/index";
import { sha256Hex } from "./hash";

/** Spec section 7: sign-up, third-party sign-in/up and passwordless code creation send the invite token. */
export const INVITE_TOKEN_HEADER = "invite-token";

export function inviteTokenOf(request: FastifyRequest): string | undefined {
  const value = request.headers[INVITE_TOKEN_HEADER];
  const token = Array.isArray(value) ? value[0] : value;
  return token && token.length <= 200 ? token : undefined;
}

/** An invitation that can still be used: not accepted, not revoked, not expired. */
export async function findValidInvite(db: Db, token: string) {
  const invite = await db
    .selectFrom("invites as i")
    .innerJoin("companies as c", "c.id", "i.companyId")
    .select([
      "i.id",
      "i.email",
      "i.types",
      "i.companyId",
      "i.expires",
      "i.accepted",
      "i.revoked",
      "c.name as companyName",
    ])
    .where("i.tokenHash", "=", sha256Hex(token))
    .executeTakeFirst();
  if (!invite || invite.accepted || invite.revoked || invite.expires.getTime() <= Date.now()) return undefined;
  return invite;
}

export interface NewAccount {
  email: string;
  passwordHash?: string;
  firstName?: string;
  lastName?: string;
}

/**
 * Creates the invited person's account with the invitation's company and roles, and
 * spends the invitation, in one transaction with the invitation row locked, so a
 * double submit makes one account. Null when the invitation was used meanwhile.
 */
export async function acceptInviteAsNewAccount(db: Db, inviteId: string, account: NewAccount): Promise<string | null> {
  return db.transaction().execute(async (trx) => {
    const invite = await trx
      .selectFrom("invites")
      .select(["id", "companyId", "types", "accepted", "revoked", "expires"])
      .where("id", "=", inviteId)
      .forUpdate()
      .executeTakeFirst();
    if (!invite || invite.accepted || invite.revoked || invite.expires.getTime() <= Date.now()) return null;
    const user = await trx
      .insertInto("users")
      .values({
        email: account.email,
        passwordHash: account.passwordHash ?? null,
        firstName: account.firstName ?? "",
        lastName: account.lastName ?? "",
        featureFlags: "{}",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("userRoles")
      .values({ userId: user.id, companyId: invite.companyId, types: invite.types })
      .execute();
    await trx.updateTable("invites").set({ accepted: new Date() }).where("id", "=", invite.id).execute();
    return user.id;
  });
}
