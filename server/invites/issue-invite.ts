import type { FastifyInstance } from "fastify";
import { recordAudit } from "../audit";
import { randomToken, sha256Hex } from "../auth/hash";
import type { Principal } from "../auth/principal";
import type { Db } from "../db/index";
import { insertInvite, revokePendingInvitesOf } from "../db/invites";

/** An invitation's link works this many days after it is sent (or sent again). */
export const INVITE_DAYS = 7;

/**
 * Invitations (new or sent again) one person may send an hour: each is an e-mail in the
 * product's name to an address the inviter chose, so a hijacked administrator account
 * must not become a mail cannon.
 */
export const INVITES_PER_INVITER_PER_HOUR = 30;

/** The e-mail with the invitation link: sign-up for a new person, confirm-invite for an existing account. */
export async function sendInviteMail(
  app: Pick<FastifyInstance, "mailer" | "settings">,
  mail: { to: string; token: string; companyName: string; roles: string[]; hasAccount: boolean },
): Promise<void> {
  const path = mail.hasAccount ? "confirm-invite" : "signup";
  const link = `${app.settings.publicUrl}/${path}?token=${encodeURIComponent(mail.token)}`;
  await app.mailer.send({
    to: mail.to,
    subject: `You are invited to ${mail.companyName} on ColdChain`,
    text: `Hello,\n\nYou are invited to join ${mail.companyName} on the ColdChain dashboard as ${mail.roles.join(" and ")}.\n${mail.hasAccount ? "Sign in and accept the invitation" : "Create your account"} with this link within ${INVITE_DAYS} days:\n\n${link}\n`,
  });
}

/**
 * Writes a pending invitation (replacing a pending one for the same address in that
 * company) inside the caller's transaction; answers its id and the secret token,
 * which only the e-mail carries (the row keeps its hash).
 */
export async function issueInvite(
  trx: Db,
  principal: Principal,
  invite: { companyId: string; email: string; roles: string[] },
): Promise<{ id: string; token: string }> {
  const token = randomToken();
  await revokePendingInvitesOf(trx, invite.companyId, invite.email);
  const id = await insertInvite(trx, {
    companyId: invite.companyId,
    email: invite.email,
    types: invite.roles,
    tokenHash: sha256Hex(token),
    invitedBy: principal.userId,
    expires: new Date(Date.now() + INVITE_DAYS * 86_400_000),
  });
  await recordAudit(trx, principal, {
    action: "create",
    entity: "userInvite",
    entityId: id,
    before: null,
    after: { companyId: invite.companyId, email: invite.email, roles: invite.roles },
  });
  return { id, token };
}
