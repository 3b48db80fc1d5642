import type { FastifyPluginAsync } from "fastify";
import { Type } from "typebox";
import { idParams } from "../../core/api/id-params";
import { listQuerystring } from "../../core/api/list-query";
import { memberChanges, memberRecord, memberRemovalQuery } from "../../core/api/member";
import { pagedResponse } from "../../core/api/paged-response";
import { highestRank } from "../../core/domain/permissions";
import { listResource } from "../../core/domain/resources";
import { canGrant, dropsOwnLastAdministratorRole } from "../../core/domain/role-rules";
import { recordAudit } from "../audit";
import { REFUSED_WHILE_IMPERSONATING } from "../auth/impersonation-refusals";
import { deleteMembership, findMember, memberColumns, memberQuery, setMemberRoles } from "../db/memberships";
import { revokeShareLinksOfCreator } from "../db/share-links";
import { badRequest, forbidden, notFound } from "../errors";
import type { TypedRequests } from "../http/type-provider";
import { parseResourceQuery } from "../lists/parse";
import { runList } from "../lists/run-list";
import { dataErrors } from "./schemas";

const resource = listResource("users");

export const userRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<TypedRequests>();
  const { db } = plugin;

  app.get(
    "/users",
    {
      config: { permission: ["read", "user"] },
      schema: {
        tags: ["users"],
        summary: "List the members of the caller's company with their roles there",
        querystring: listQuerystring,
        response: { 200: pagedResponse(memberRecord), 416: dataErrors[400], ...dataErrors },
      },
    },
    async (request) => {
      const query = parseResourceQuery(resource, request.query);
      return runList(db, (qb) => memberQuery(qb, request.principal.companyId), {
        resource,
        columns: memberColumns,
        query,
      });
    },
  );

  app.get(
    "/users/:id",
    {
      config: { permission: ["read", "user"] },
      schema: {
        tags: ["users"],
        summary: "One member of the caller's company",
        params: idParams,
        response: { 200: memberRecord, ...dataErrors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const row = await findMember(db, request.principal.companyId, id);
      if (!row) throw notFound("User not found");
      return row;
    },
  );

  app.patch(
    "/users/:id",
    {
      config: { permission: ["update", "user"], refusedWhileImpersonating: REFUSED_WHILE_IMPERSONATING.roleChange },
      schema: {
        tags: ["users"],
        summary: "Change a member's roles in the caller's company",
        params: idParams,
        body: memberChanges,
        response: { 200: memberRecord, ...dataErrors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { roles } = request.body;
      const principal = request.principal;
      // Nobody grants a role above their own.
      if (!canGrant(principal.roles, roles)) throw forbidden("You cannot grant a role above your own");
      return db.transaction().execute(async (trx) => {
        const before = await findMember(trx, principal.companyId, id);
        if (!before) throw notFound("User not found");
        if (highestRank(before.roles) > highestRank(principal.roles))
          throw forbidden("You cannot change someone whose role is above your own");
        // Nobody removes their own last administrator role (the company would lose its way in).
        if (id === principal.userId && dropsOwnLastAdministratorRole(before.roles, roles)) {
          throw badRequest("You cannot remove your own last administrator role", [
            { id: "roles", error: "Keep an administrator role" },
          ]);
        }
        await setMemberRoles(trx, principal.companyId, id, roles);
        await recordAudit(trx, principal, {
          action: "update",
          entity: "user",
          entityId: id,
          before: { roles: before.roles },
          after: { roles },
        });
        return findMember(trx, principal.companyId, id);
      });
    },
  );

  app.delete(
    "/users/:id",
    {
      config: { permission: ["delete", "user"] },
      schema: {
        tags: ["users"],
        summary:
          "Remove a member from the caller's company, or (distributor administrators) from one of its sub-companies with ?companyId=. The account stays for their other companies; their role tokens for that company stop at once",
        params: idParams,
        querystring: memberRemovalQuery,
        response: { 204: Type.Null(), ...dataErrors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const principal = request.principal;
      const companyId = request.query.companyId ?? principal.companyId;
      // companyScope is the caller's company, plus its sub-companies for a distributor administrator.
      if (!principal.companyScope.includes(companyId)) throw notFound("User not found");
      if (id === principal.userId && companyId === principal.companyId)
        throw badRequest("You cannot remove yourself from the company");
      await db.transaction().execute(async (trx) => {
        const before = await findMember(trx, companyId, id, true);
        if (!before) throw notFound("User not found");
        if (highestRank(before.roles) > highestRank(principal.roles))
          throw forbidden("You cannot remove someone whose role is above your own");
        // Their role tokens for this company go with the role row (on delete cascade): refused at once.
        await deleteMembership(trx, id, companyId);
        await recordAudit(trx, principal, {
          action: "remove",
          entity: "user",
          entityId: id,
          before: { companyId, roles: before.roles },
          after: null,
        });
        // Their share links go with them: a partner's link must not outlive the person who vouched for it.
        const revokedAt = new Date();
        const links = await revokeShareLinksOfCreator(trx, { userId: id, companyId }, revokedAt, principal.userId);
        for (const link of links) {
          await recordAudit(trx, principal, {
            action: "shareLinkRevoke",
            entity: "labelReport",
            entityId: link.reportId,
            before: { shareLink: link.id, expiresAt: new Date(link.expiresAt).toISOString() },
            after: { shareLink: link.id, revokedAt: revokedAt.toISOString() },
            reason: "Its creator was removed from the company",
          });
        }
      });
      return reply.code(204).send();
    },
  );
};
