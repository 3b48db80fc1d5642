import type { FastifyPluginAsync } from "fastify";
import {
  invitationConfirmAnswer,
  invitationConfirmInput,
  invitationPreviewRecord,
  roleTokenAnswer,
  roleTokenInput,
} from "../../core/api/role-token";
import { markInviteAccepted } from "../db/invites";
import { insertMembership, lockMembership, setMembershipTypes } from "../db/memberships";
import { findUserByEmail, findUserById } from "../db/users";
import { forbidden, HttpError, notFound } from "../errors";
import type { TypedRequests } from "../http/type-provider";
import { rolesOf } from "./accounts";
import { checkInvite, INVITE_UNUSABLE } from "./invites";
import { requireSession } from "./require-session";
import { mintRoleToken } from "./role-tokens";
import { setSessionCompany } from "./sessions";

/** The product calls around sessions: company role tokens and invitations. */
export const companyTokenRoutes: FastifyPluginAsync = async (server) => {
  const app = server.withTypeProvider<TypedRequests>();
  const { db, keys } = server;

  app.post(
    "/auth/token",
    {
      schema: {
        tags: ["auth"],
        summary: "A role token for one of the caller's companies (sign-in session required)",
        body: roleTokenInput,
        response: {
          200: roleTokenAnswer,
        },
      },
    },
    async (request) => {
      const session = await requireSession(request);
      const { companyId } = request.body;
      // The token and the session's company are written together: a refresh mints for the company answered here.
      const token = await db.transaction().execute(async (trx) => {
        let minted: Awaited<ReturnType<typeof mintRoleToken>>;
        try {
          minted = await mintRoleToken(trx, keys, {
            userId: session.sub,
            companyId,
            sessionHandle: session.sessionHandle,
          });
        } catch (e) {
          if (e instanceof HttpError) throw forbidden("You have no role in that company");
          throw e;
        }
        await setSessionCompany(trx, session.sessionHandle, companyId);
        return minted;
      });
      return { jwtToken: token.jwtToken, secret: token.secret };
    },
  );

  app.get(
    "/userInvites/preRegister",
    {
      schema: {
        tags: ["invites"],
        summary: "What an invitation is for (its token in both the api-key and jwt headers)",
        response: {
          200: invitationPreviewRecord,
        },
      },
    },
    async (request) => {
      const raw = request.headers["api-key"] ?? request.headers.jwt;
      const token = Array.isArray(raw) ? raw[0] : raw;
      const check = token ? await checkInvite(db, token) : undefined;
      if (!check?.ok) throw notFound(check?.reason ?? INVITE_UNUSABLE);
      const invite = check.invite;
      const existing = await findUserByEmail(db, invite.email);
      return {
        email: invite.email,
        roles: invite.types,
        company: { id: invite.companyId, name: invite.companyName },
        expires: invite.expires,
        hasAccount: Boolean(existing),
      };
    },
  );

  app.post(
    "/userInvites/confirm",
    {
      schema: {
        tags: ["invites"],
        summary: "Accept an invitation with the account you are signed in with",
        body: invitationConfirmInput,
        response: { 200: invitationConfirmAnswer },
      },
    },
    async (request) => {
      const session = await requireSession(request);
      const { inviteToken } = request.body;
      const user = await findUserById(db, session.sub);
      const check = await checkInvite(db, inviteToken);
      if (!user || !check.ok) throw notFound(check.ok ? INVITE_UNUSABLE : check.reason);
      const invite = check.invite;
      if (invite.email.toLowerCase() !== user.email.toLowerCase()) {
        throw forbidden(`This invitation is for ${invite.email}; you are signed in as ${user.email}`);
      }
      await db.transaction().execute(async (trx) => {
        const existing = await lockMembership(trx, user.id, invite.companyId);
        if (existing) {
          await setMembershipTypes(trx, existing.id, [...new Set([...existing.types, ...invite.types])]);
        } else {
          await insertMembership(trx, { userId: user.id, companyId: invite.companyId, types: invite.types });
        }
        await markInviteAccepted(trx, invite.id);
      });
      return { status: "OK", roles: await rolesOf(db, user) };
    },
  );
};
