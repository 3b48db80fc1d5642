import type { FastifyPluginAsync } from "fastify";
import { impersonationAnswer, impersonationInput } from "../../core/api/impersonation";
import { statusAnswer } from "../../core/api/status-answer";
import { recordAudit } from "../audit";
import { rolesOf } from "../auth/accounts";
import { mintRoleToken } from "../auth/role-tokens";
import { revokeRoleToken } from "../db/sessions";
import { findUserById } from "../db/users";
import { badRequest, forbidden, notFound } from "../errors";
import type { TypedRequests } from "../http/type-provider";

/** A system administrator acts as another user in one of that user's companies, for a limited time. */
export const impersonationRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<TypedRequests>();
  const { db, keys } = plugin;

  app.post(
    "/auth/impersonate",
    {
      config: { permission: ["manage", "controlCenter"] },
      schema: {
        tags: ["control center"],
        summary: "Start acting as a user in one of their companies (system administrators)",
        body: impersonationInput,
        response: { 200: impersonationAnswer },
      },
    },
    async (request) => {
      const { userId, companyId } = request.body;
      const principal = request.principal;
      if (principal.impersonatorUserId) throw badRequest("Stop the current impersonation first");
      if (userId === principal.userId)
        throw badRequest("You cannot impersonate yourself", [{ id: "userId", error: "is you" }]);
      const user = await findUserById(db, userId);
      const roles = user ? await rolesOf(db, user) : [];
      const role = roles.find((r) => r.company.id === companyId);
      if (!user || !role) throw notFound("That user has no role in that company");
      // Acting as another operator would borrow their control-center rights under their name.
      if (roles.some((r) => r.type.includes("systemAdmin")))
        throw forbidden("A system administrator cannot impersonate another system administrator");
      if (!principal.sessionHandle) throw forbidden("Impersonation needs a sign-in session");
      // Bound to the administrator's sign-in session: signing out (or a revoked session) ends it too.
      const sessionHandle = principal.sessionHandle;
      // The token and its audit entry are one change: support never acts without a trace.
      const token = await db.transaction().execute(async (trx) => {
        const minted = await mintRoleToken(trx, keys, {
          userId,
          companyId,
          impersonatorUserId: principal.userId,
          ttlSeconds: plugin.settings.impersonationMinutes * 60,
          sessionHandle,
        });
        await recordAudit(trx, principal, {
          action: "impersonate",
          entity: "user",
          entityId: userId,
          before: null,
          after: { companyId, until: minted.expires.toISOString() },
        });
        return minted;
      });
      return {
        roleToken: { jwtToken: token.jwtToken, secret: token.secret },
        userRole: role,
        company: role.company,
        expiry: token.expires.getTime(),
      };
    },
  );

  app.delete(
    "/auth/impersonate",
    {
      // No permission of the impersonated person is needed: the call only gives up the token it is
      // made with, and only an impersonation token can be given up here (anything else is 400).
      schema: {
        tags: ["control center"],
        summary: "Stop impersonating: revoke the impersonation role token this request is made with",
        description:
          "Send the impersonation role token in the api-key and jwt headers. It is refused (401) from then on; " +
          "the administrator's own role token is untouched. The stop is written to the audit log.",
        response: {
          200: statusAnswer,
        },
      },
    },
    async (request) => {
      const principal = request.principal;
      if (!principal.impersonatorUserId) throw badRequest("You are not impersonating anyone");
      await db.transaction().execute(async (trx) => {
        await revokeRoleToken(trx, principal.tokenId);
        await recordAudit(trx, principal, {
          action: "impersonate-stop",
          entity: "user",
          entityId: principal.userId,
          before: { companyId: principal.companyId },
          after: null,
        });
      });
      return { status: "OK" };
    },
  );
};
