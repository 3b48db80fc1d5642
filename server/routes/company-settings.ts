import type { FastifyPluginAsync } from "fastify";
import { companyChanges, companyCreation, companySettingsRecord } from "../../core/api/company-settings";
import { idParams } from "../../core/api/id-params";
import { recordAudit } from "../audit";
import { assertCompanySettings, assertDeletable, companyColumns } from "../companies/company-changes";
import { assertSubCompanyNameFree, namingSubCompany } from "../companies/sibling-names";
import { companyDetails, deleteCompany, insertCompany, readCompany, updateCompany } from "../db/companies";
import { insertMembership } from "../db/memberships";
import { forbidden, notFound } from "../errors";
import type { TypedRequests } from "../http/type-provider";
import {
  firstAdministratorEmail,
  inviteFirstAdministrator,
  mailFirstAdministrator,
  refuseFirstAdministratorWhileImpersonating,
} from "../invites/first-administrator";
import { dataErrors } from "./schemas";

/** The caller's own company (spec: create/read/update/delete on companies) and creating companies. */
export const companySettingsRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<TypedRequests>();
  const { db } = plugin;

  app.get(
    "/company",
    {
      config: { permission: ["read", "company"] },
      schema: {
        tags: ["companies"],
        summary: "The caller's company: general settings, addresses, billing information",
        response: { 200: companySettingsRecord, ...dataErrors },
      },
    },
    async (request) => companyDetails(db, request.principal.companyId).executeTakeFirstOrThrow(),
  );

  app.patch(
    "/company",
    {
      config: { permission: ["update", "company"] },
      schema: {
        tags: ["companies"],
        summary: "Change the caller's company settings",
        body: companyChanges,
        response: { 200: companySettingsRecord, ...dataErrors },
      },
    },
    async (request) => {
      const principal = request.principal;
      assertCompanySettings(request.body);
      return namingSubCompany(request.body.name, () =>
        db.transaction().execute(async (trx) => {
          const before = await companyDetails(trx, principal.companyId).forUpdate().executeTakeFirstOrThrow();
          // A sub-company renaming itself keeps a name of its own among its parent's.
          await assertSubCompanyNameFree(trx, before.parentId, request.body.name, principal.companyId);
          await updateCompany(trx, principal.companyId, companyColumns(request.body));
          const after = await companyDetails(trx, principal.companyId).executeTakeFirstOrThrow();
          await recordAudit(trx, principal, {
            action: "update",
            entity: "company",
            entityId: principal.companyId,
            before,
            after,
          });
          return after;
        }),
      );
    },
  );

  app.post(
    "/companies",
    {
      config: { permission: ["create", "company"] },
      schema: {
        tags: ["companies"],
        summary:
          "Create a company. A system administrator creates any company (control center); anyone else with the right creates a customer company and becomes its administrator. With `administratorEmail`, its first administrator is invited in the same transaction",
        body: companyCreation,
        response: { 201: companySettingsRecord, ...dataErrors },
      },
    },
    async (request, reply) => {
      const principal = request.principal;
      const { administratorEmail, ...body } = request.body;
      assertCompanySettings(body);
      const adminEmail = firstAdministratorEmail(administratorEmail);
      await refuseFirstAdministratorWhileImpersonating(db, principal, adminEmail);
      const operator = principal.ability.can("manage", "controlCenter");
      if (!operator && ((body.type && body.type !== "customer") || body.parentId)) {
        throw forbidden(
          "Only system administrators create distributor or operator companies, or companies under another",
        );
      }
      const { type, parentId, ...settings } = body;
      const created = await namingSubCompany(body.name, () =>
        db.transaction().execute(async (trx) => {
          if (parentId) {
            const parent = await readCompany(trx, parentId, ["type"]);
            if (!parent) throw notFound("Parent company not found");
            await assertSubCompanyNameFree(trx, parentId, body.name);
          }
          const id = await insertCompany(trx, {
            addresses: "[]",
            billing: "{}",
            ...companyColumns(settings),
            name: body.name.trim(),
            type: type ?? "customer",
            parentId: parentId ?? null,
          });
          if (!operator)
            await insertMembership(trx, { userId: principal.userId, companyId: id, types: ["administrator"] });
          await recordAudit(trx, principal, {
            action: "create",
            entity: "company",
            entityId: id,
            before: null,
            after: { ...body, administratorEmail: adminEmail ?? null },
          });
          // The first administrator's invitation is part of the creation: both or neither.
          const pending = await inviteFirstAdministrator(trx, principal, { id, name: body.name.trim() }, adminEmail);
          return { company: await companyDetails(trx, id).executeTakeFirstOrThrow(), pending };
        }),
      );
      await mailFirstAdministrator(plugin, created.pending);
      return reply.code(201).send(created.company);
    },
  );

  app.delete(
    "/companies/:id",
    {
      config: { permission: ["delete", "company"] },
      schema: {
        tags: ["companies"],
        summary: "Delete a company without label reports or sub-companies (your own; any, for system administrators)",
        params: idParams,
        response: { 204: { type: "null" }, 409: dataErrors[400], ...dataErrors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const principal = request.principal;
      if (id !== principal.companyId && !principal.ability.can("manage", "controlCenter"))
        throw notFound("Company not found");
      await db.transaction().execute(async (trx) => {
        const before = await companyDetails(trx, id).forUpdate().executeTakeFirst();
        if (!before) throw notFound("Company not found");
        await assertDeletable(trx, before);
        // Audited first: the entry survives the company (its company link is set to null).
        await recordAudit(trx, principal, { action: "delete", entity: "company", entityId: id, before, after: null });
        await deleteCompany(trx, id);
      });
      return reply.code(204).send();
    },
  );
};
