import type { FastifyPluginAsync } from "fastify";
import type { AppContext } from "../app";
import { recordAudit } from "../audit";
import { findUserById, rolesOf } from "../auth/accounts";
import { mintRoleToken } from "../auth/role-tokens";
import { badRequest, notFound } from "../errors";

export const IMPERSONATION_MINUTES = Number(process.env.IMPERSONATION_MINUTES ?? 60);

/** A system administrator acts as another user in one of that user's companies, for a limited time. */
export const impersonationRoutes: FastifyPluginAsync<{ context: AppContext }> = async (app, { context }) => {
  const { db, keys } = context;

  app.post(
    "/auth/impersonate",
    {
      config: { permission: ["manage", "controlCenter"] },
      schema: {
        tags: ["control center"],
        summary: "Start acting as a user in one of their companies (system administrators)",
        body: {
          type: "object",
          required: ["userId", "companyId"],
          additionalProperties: false,
          properties: { userId: { type: "string", format: "uuid" }, companyId: { type: "string", format: "uuid" } },
        },
      },
    },
    async (request) => {
      const { userId, companyId } = request.body as { userId: string; companyId: string };
      const principal = request.principal;
      if (principal.impersonatorUserId) throw badRequest("Stop the current impersonation first");
      if (userId === principal.userId)
        throw badRequest("You cannot impersonate yourself", [{ id: "userId", error: "is you" }]);
      const user = await findUserById(db, userId);
      const role = user ? (await rolesOf(db, user)).find((r) => r.company.id === companyId) : undefined;
      if (!user || !role) throw notFound("That user has no role in that company");
      const token = await mintRoleToken(db, keys, {
        userId,
        companyId,
        impersonatorUserId: principal.userId,
        ttlSeconds: IMPERSONATION_MINUTES * 60,
      });
      await recordAudit(db, principal, {
        action: "impersonate",
        entity: "user",
        entityId: userId,
        before: null,
        after: { companyId, until: token.expires.toISOString() },
      });
      return {
        roleToken: { jwtToken: token.jwtToken, secret: token.secret },
        userRole: role,
        company: role.company,
        expiry: token.expires.getTime(),
      };
    },
  );
};
