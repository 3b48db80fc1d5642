import type { FastifyPluginAsync } from "fastify";
import { Type } from "typebox";
import { idParams } from "../../core/api/id-params";
import { recordAudit } from "../audit";
import { deleteMigrationInvite } from "../db/migration-invites";
import { notFound } from "../errors";
import type { TypedRequests } from "../http/type-provider";
import { dataErrors } from "./schemas";

/** Migration invitations (accounts moved from an earlier platform); system administrators may delete them. */
export const migrationInviteRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<TypedRequests>();
  app.delete(
    "/migration-invites/:id",
    {
      config: { permission: ["delete", "migrationInvite"] },
      schema: {
        tags: ["control center"],
        summary: "Delete a migration invitation",
        params: idParams,
        response: { 204: Type.Null(), ...dataErrors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      // The deletion and its audit row commit together, or neither does.
      await plugin.db.transaction().execute(async (trx) => {
        const deleted = await deleteMigrationInvite(trx, id);
        if (!deleted) throw notFound("Migration invitation not found");
        await recordAudit(trx, request.principal, {
          action: "delete",
          entity: "migrationInvite",
          entityId: id,
          before: deleted,
          after: null,
        });
      });
      return reply.code(204).send();
    },
  );
};
