import type { FastifyInstance } from "fastify";
import { emailError } from "../../core/domain/credentials";
import { INVITE_WHILE_IMPERSONATING, refuseWhileImpersonating } from "../auth/impersonation-refusals";
import type { Principal } from "../auth/principal";
import type { Db } from "../db/index";
import { findUserByEmail } from "../db/users";
import { badRequest } from "../errors";
import { issueInvite, sendInviteMail } from "./issue-invite";

/**
 * A new company's first administrator (sub-companies and control-center companies alike): the
 * address is checked before anything is written, the invitation is written in the creation's
 * transaction (both or neither), and the e-mail goes out once that transaction has committed.
 */

const FIRST_ADMINISTRATOR_ROLES = ["administrator"];

/** The normalised address, undefined when none was given; a bad one is a 400 on `administratorEmail`. */
export function firstAdministratorEmail(raw: string | undefined): string | undefined {
  const email = raw?.trim().toLowerCase() || undefined;
  const problem = email === undefined ? null : emailError(email);
  if (problem) throw badRequest(problem, [{ id: "administratorEmail", error: problem }]);
  return email;
}

/**
 * Before the creation's transaction: an impersonator may create the company, but not
 * invite its first administrator (a lasting administrator nobody at the customer chose).
 */
export async function refuseFirstAdministratorWhileImpersonating(
  db: Db,
  principal: Principal,
  email: string | undefined,
): Promise<void> {
  if (!email) return;
  await refuseWhileImpersonating(db, principal, {
    action: "create-refused",
    entity: "userInvite",
    entityId: principal.companyId,
    message: INVITE_WHILE_IMPERSONATING,
    attempted: { email, roles: FIRST_ADMINISTRATOR_ROLES },
  });
}

export interface PendingFirstAdministrator {
  email: string;
  token: string;
  companyName: string;
}

/** Inside the creation's transaction. */
export async function inviteFirstAdministrator(
  trx: Db,
  principal: Principal,
  company: { id: string; name: string },
  email: string | undefined,
): Promise<PendingFirstAdministrator | null> {
  if (!email) return null;
  const invite = await issueInvite(trx, principal, { companyId: company.id, email, roles: FIRST_ADMINISTRATOR_ROLES });
  return { email, token: invite.token, companyName: company.name };
}

/** After the commit: the invitation e-mail (sign-up link, or confirm link for an existing account). */
export async function mailFirstAdministrator(
  app: FastifyInstance,
  pending: PendingFirstAdministrator | null,
): Promise<void> {
  if (!pending) return;
  const hasAccount = Boolean(await findUserByEmail(app.db, pending.email));
  await sendInviteMail(app, {
    to: pending.email,
    token: pending.token,
    companyName: pending.companyName,
    roles: FIRST_ADMINISTRATOR_ROLES,
    hasAccount,
  });
}
