import type { FastifyRequest } from "fastify";
import { defineAbilityFor } from "../../core/domain/permissions";
import { canGrant } from "../../core/domain/role-rules";
import { readCompany } from "../db/companies";
import type { Db } from "../db/index";
import { inviteByTokenHash, lockInvite, markInviteAccepted } from "../db/invites";
import { grantsOf, insertMembership } from "../db/memberships";
import { insertUser } from "../db/users";
import { sha256Hex } from "./hash";

/** Sign-up, third-party sign-in/up and passwordless code creation send the invite token. */
export const INVITE_TOKEN_HEADER = "invite-token";

export function inviteTokenOf(request: FastifyRequest): string | undefined {
  const value = request.headers[INVITE_TOKEN_HEADER];
  const token = Array.isArray(value) ? value[0] : value;
  return token && token.length <= 200 ? token : undefined;
}

export const INVITE_UNUSABLE = "This invitation has expired, was revoked or was already used";

/** Why an invitation whose sender lost the right to send it no longer works, for the invitee. */
export function inviterGoneReason(companyName: string): string {
  return `The person who invited you can no longer invite people into ${companyName}, so this invitation no longer works. Ask an administrator of ${companyName} for a new one`;
}

/**
 * Whether whoever sent an invitation could still send it now: an
 * inviter removed from the company, or demoted below the right to invite or below the
 * roles offered, must not let people in afterwards. Checked when the invitation is
 * used rather than by revoking on removal, so every path that changes roles (the
 * members page, the control center, a deleted company, SQL) is covered.
 * Where the inviter's right comes from: a role in the company itself; for a
 * sub-company's first administrator, distributorAdmin in its parent; for a company
 * created in the control center, systemAdmin (in the operator company).
 * An invitation with no inviter (written before inviters were recorded, or by the
 * seed) has nobody to re-check and stays valid.
 */
export async function inviterMayStillInvite(
  db: Db,
  invite: { companyId: string; types: string[]; invitedBy: string | null },
): Promise<boolean> {
  if (!invite.invitedBy) return true;
  const company = await readCompany(db, invite.companyId, ["parentId"]);
  if (!company) return false;
  const memberships = await grantsOf(db, invite.invitedBy);
  return memberships.some((m) => {
    const reaches =
      m.companyId === invite.companyId ||
      (m.companyId === company.parentId && m.types.includes("distributorAdmin")) ||
      m.types.includes("systemAdmin");
    return (
      reaches &&
      defineAbilityFor(m.types, m.featureFlags ?? {}).can("create", "userInvite") &&
      canGrant(m.types, invite.types)
    );
  });
}

export type InviteCheck =
  | { ok: true; invite: NonNullable<Awaited<ReturnType<typeof readInvite>>> }
  | { ok: false; reason: string };

function readInvite(db: Db, token: string) {
  return inviteByTokenHash(db, sha256Hex(token));
}

/** An invitation that can still be used, or why not (shown to the invitee). */
export async function checkInvite(db: Db, token: string): Promise<InviteCheck> {
  const invite = await readInvite(db, token);
  if (!invite || invite.accepted || invite.revoked || invite.expires.getTime() <= Date.now())
    return { ok: false, reason: INVITE_UNUSABLE };
  if (!(await inviterMayStillInvite(db, invite))) return { ok: false, reason: inviterGoneReason(invite.companyName) };
  return { ok: true, invite };
}

/** An invitation that can still be used: not accepted, not revoked, not expired, its sender still entitled. */
export async function findValidInvite(db: Db, token: string) {
  const check = await checkInvite(db, token);
  return check.ok ? check.invite : undefined;
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
    const invite = await lockInvite(trx, inviteId);
    if (!invite || invite.accepted || invite.revoked || invite.expires.getTime() <= Date.now()) return null;
    if (!(await inviterMayStillInvite(trx, invite))) return null;
    const userId = await insertUser(trx, {
      email: account.email,
      passwordHash: account.passwordHash ?? null,
      firstName: account.firstName ?? "",
      lastName: account.lastName ?? "",
      featureFlags: "{}",
    });
    await insertMembership(trx, { userId, companyId: invite.companyId, types: invite.types });
    await markInviteAccepted(trx, invite.id);
    return userId;
  });
}
