import type { FastifyPluginAsync } from "fastify";
import { Type } from "typebox";
import { idParams } from "../../core/api/id-params";
import { inviteInput, inviteRecord } from "../../core/api/invite";
import { emailError } from "../../core/domain/credentials";
import { canGrant } from "../../core/domain/role-rules";
import { recordAudit } from "../audit";
import { randomToken, sha256Hex } from "../auth/hash";
import { REFUSED_WHILE_IMPERSONATING } from "../auth/impersonation-refusals";
import type { Principal } from "../auth/principal";
import { Throttle } from "../auth/throttle";
import { companyNameOf } from "../db/companies";
import { findPendingInvite, pendingInvites, reissueInvite, revokePendingInvite } from "../db/invites";
import { isMember } from "../db/memberships";
import { findUserByEmail } from "../db/users";
import { badRequest, forbidden, notFound } from "../errors";
import type { TypedRequests } from "../http/type-provider";
import { INVITE_DAYS, INVITES_PER_INVITER_PER_HOUR, issueInvite, sendInviteMail } from "../invites/issue-invite";
import { dataErrors } from "./schemas";

/** Invitations into the caller's company (spec: create/read/update/delete on user invites). */
export const userInviteRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<TypedRequests>();
  const { db } = plugin;
  // Shared by every server process, like the sign-in counters (server/auth/throttle.ts).
  const invitations = new Throttle("invitations", INVITES_PER_INVITER_PER_HOUR, 60 * 60_000, plugin.counters);
  const countInvitation = (principal: Principal) =>
    invitations.hit(`inviter:${principal.userId}`, "invitations sent by you");

  const sendInvite = (to: string, token: string, companyName: string, roles: string[], hasAccount: boolean) =>
    sendInviteMail(plugin, { to, token, companyName, roles, hasAccount });

  app.post(
    "/user-invites",
    {
      config: {
        permission: ["create", "userInvite"],
        refusedWhileImpersonating: REFUSED_WHILE_IMPERSONATING.invitation,
      },
      schema: {
        tags: ["users"],
        summary: `Invite someone into the caller's company; the e-mailed link expires after ${INVITE_DAYS} days`,
        body: inviteInput,
        response: {
          201: inviteRecord,
          ...dataErrors,
          429: { ...dataErrors[400], description: "Too many invitations from the caller; see Retry-After" },
        },
      },
    },
    async (request, reply) => {
      await countInvitation(request.principal);
      const body = request.body;
      const email = body.email.trim().toLowerCase();
      const problem = emailError(email);
      if (problem) throw badRequest(problem, [{ id: "email", error: problem }]);
      const principal = request.principal;
      // Nobody grants a role above their own.
      if (!canGrant(principal.roles, body.roles)) {
        throw forbidden("You cannot invite someone with a role above your own");
      }
      const existing = await findUserByEmail(db, email);
      if (existing && (await isMember(db, existing.id, principal.companyId)))
        throw badRequest("This person is already a member of the company", [
          { id: "email", error: "Already a member" },
        ]);
      const companyName = await companyNameOf(db, principal.companyId);
      const { id, token } = await db
        .transaction()
        .execute((trx) => issueInvite(trx, principal, { companyId: principal.companyId, email, roles: body.roles }));
      await sendInvite(email, token, companyName, body.roles, Boolean(existing));
      return reply.code(201).send(await findPendingInvite(db, principal.companyId, id));
    },
  );

  app.get(
    "/user-invites",
    {
      config: { permission: ["read", "userInvite"] },
      schema: {
        tags: ["users"],
        summary: "Pending invitations of the caller's company",
        response: { 200: Type.Array(inviteRecord), ...dataErrors },
      },
    },
    async (request) => pendingInvites(db, request.principal.companyId).orderBy("i.created", "desc").execute(),
  );

  app.post(
    "/user-invites/:id/resend",
    {
      config: {
        permission: ["update", "userInvite"],
        refusedWhileImpersonating: REFUSED_WHILE_IMPERSONATING.invitationResend,
      },
      schema: {
        tags: ["users"],
        summary:
          "Send a pending invitation again with a fresh link and expiry; the caller becomes its inviter (and must be able to grant its roles)",
        params: idParams,
        response: {
          200: inviteRecord,
          ...dataErrors,
          429: { ...dataErrors[400], description: "Too many invitations from the caller; see Retry-After" },
        },
      },
    },
    async (request) => {
      await countInvitation(request.principal);
      const { id } = request.params;
      const principal = request.principal;
      const pending = await findPendingInvite(db, principal.companyId, id);
      if (!pending) throw notFound("Invitation not found");
      // Resending vouches for the invitation afresh: the resender becomes its inviter (an
      // invitation is only accepted while its inviter may still send it), so they too
      // must be able to grant its roles.
      if (!canGrant(principal.roles, pending.roles)) {
        throw forbidden("You cannot invite someone with a role above your own");
      }
      const token = randomToken();
      // The new link and its audit entry are one change; the e-mail goes out once it is committed.
      await db.transaction().execute(async (trx) => {
        await reissueInvite(trx, id, {
          tokenHash: sha256Hex(token),
          expires: new Date(Date.now() + INVITE_DAYS * 86_400_000),
          invitedBy: principal.userId,
        });
        await recordAudit(trx, principal, {
          action: "resend",
          entity: "userInvite",
          entityId: id,
          before: null,
          after: null,
        });
      });
      const companyName = await companyNameOf(db, principal.companyId);
      const existing = await findUserByEmail(db, pending.email);
      await sendInvite(pending.email, token, companyName, pending.roles, Boolean(existing));
      return findPendingInvite(db, principal.companyId, id);
    },
  );

  app.delete(
    "/user-invites/:id",
    {
      config: { permission: ["delete", "userInvite"] },
      schema: {
        tags: ["users"],
        summary: "Revoke a pending invitation",
        params: idParams,
        response: { 204: Type.Null(), ...dataErrors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const principal = request.principal;
      await db.transaction().execute(async (trx) => {
        if (!(await revokePendingInvite(trx, principal.companyId, id))) throw notFound("Invitation not found");
        await recordAudit(trx, principal, {
          action: "revoke",
          entity: "userInvite",
          entityId: id,
          before: null,
          after: null,
        });
      });
      return reply.code(204).send();
    },
  );
};
