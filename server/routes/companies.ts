import type { FastifyPluginAsync } from "fastify";
import { companyRecord } from "../../core/api/company";
import { companyChanges, subCompanyCreation } from "../../core/api/company-settings";
import { idParams } from "../../core/api/id-params";
import { listQuerystring } from "../../core/api/list-query";
import { memberRecord } from "../../core/api/member";
import { pagedResponse } from "../../core/api/paged-response";
import { type ListResourceName, listResource } from "../../core/domain/resources";
import { recordAudit } from "../audit";
import { assertCompanySettings, assertDeletable, companyColumns } from "../companies/company-changes";
import { assertSubCompanyNameFree, namingSubCompany } from "../companies/sibling-names";
import {
  companyListColumns,
  companyRows,
  deleteCompany,
  findCompanyRow,
  findSubCompany,
  insertCompany,
  subCompanyRows,
  updateCompany,
} from "../db/companies";
import { memberColumns, memberQuery } from "../db/memberships";
import { badRequest, notFound } from "../errors";
import type { TypedRequests } from "../http/type-provider";
import {
  firstAdministratorEmail,
  inviteFirstAdministrator,
  mailFirstAdministrator,
  refuseFirstAdministratorWhileImpersonating,
} from "../invites/first-administrator";
import { parseResourceQuery } from "../lists/parse";
import { runList } from "../lists/run-list";
import { dataErrors } from "./schemas";

function listQuery(name: ListResourceName, raw: unknown) {
  const resource = listResource(name);
  return { resource, columns: companyListColumns, query: parseResourceQuery(resource, raw) };
}

export const companyRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<TypedRequests>();
  const { db } = plugin;

  app.get(
    "/sub-companies",
    {
      config: { permission: ["read", "subCompany"] },
      schema: {
        tags: ["companies"],
        summary: "The sub-companies of the caller's (distributor) company",
        querystring: listQuerystring,
        response: { 200: pagedResponse(companyRecord), 416: dataErrors[400], ...dataErrors },
      },
    },
    async (request) =>
      runList(db, (qb) => subCompanyRows(qb, request.principal.companyId), listQuery("sub-companies", request.query)),
  );

  app.get(
    "/sub-companies/:id",
    {
      config: { permission: ["read", "subCompany"] },
      schema: {
        tags: ["companies"],
        summary: "One sub-company",
        params: idParams,
        response: { 200: companyRecord, ...dataErrors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const row = await findSubCompany(db, request.principal.companyId, id);
      if (!row) throw notFound("Sub-company not found");
      return row;
    },
  );

  app.get(
    "/sub-companies/:id/users",
    {
      config: { permission: ["read", "subCompany"] },
      schema: {
        tags: ["companies"],
        summary:
          "The members of a sub-company of the caller's company, with their roles there (list grammar of users); DELETE /users/{id}?companyId= removes one",
        params: idParams,
        querystring: listQuerystring,
        response: { 200: pagedResponse(memberRecord), 416: dataErrors[400], ...dataErrors },
      },
    },
    async (request) => {
      const { id } = request.params;
      // Only the parent sees them: any other company's id is as unknown as a made-up one.
      if (!(await findSubCompany(db, request.principal.companyId, id))) throw notFound("Sub-company not found");
      const resource = listResource("users");
      const query = parseResourceQuery(resource, request.query);
      return runList(db, (qb) => memberQuery(qb, id), { resource, columns: memberColumns, query });
    },
  );

  app.post(
    "/sub-companies",
    {
      config: { permission: ["create", "subCompany"] },
      schema: {
        tags: ["companies"],
        summary:
          "Create a sub-company of the caller's (distributor) company; with `administratorEmail`, its first administrator is invited in the same transaction",
        body: subCompanyCreation,
        response: { 201: companyRecord, ...dataErrors },
      },
    },
    async (request, reply) => {
      const principal = request.principal;
      const { administratorEmail, ...body } = request.body;
      assertCompanySettings(body);
      const adminEmail = firstAdministratorEmail(administratorEmail);
      await refuseFirstAdministratorWhileImpersonating(db, principal, adminEmail);
      const name = body.name.trim();
      const { id, pending } = await namingSubCompany(name, () =>
        db.transaction().execute(async (trx) => {
          await assertSubCompanyNameFree(trx, principal.companyId, name);
          const id = await insertCompany(trx, {
            addresses: "[]",
            billing: "{}",
            ...companyColumns(body),
            name,
            type: "customer",
            parentId: principal.companyId,
          });
          await recordAudit(trx, principal, {
            action: "create",
            entity: "subCompany",
            entityId: id,
            before: null,
            after: { ...body, administratorEmail: adminEmail ?? null },
          });
          // The first administrator's invitation is part of the creation: both or neither.
          const pending = await inviteFirstAdministrator(trx, principal, { id, name }, adminEmail);
          return { id, pending };
        }),
      );
      await mailFirstAdministrator(plugin, pending);
      return reply.code(201).send(await findCompanyRow(db, id));
    },
  );

  app.patch(
    "/sub-companies/:id",
    {
      config: { permission: ["update", "subCompany"] },
      schema: {
        tags: ["companies"],
        summary: "Change a sub-company of the caller's company",
        params: idParams,
        body: companyChanges,
        response: { 200: companyRecord, ...dataErrors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const principal = request.principal;
      const changes = request.body;
      assertCompanySettings(changes);
      return namingSubCompany(changes.name, () =>
        db.transaction().execute(async (trx) => {
          const before = await findSubCompany(trx, principal.companyId, id);
          if (!before) throw notFound("Sub-company not found");
          // Its own name in another case is a rename, not a clash.
          await assertSubCompanyNameFree(trx, principal.companyId, changes.name, id);
          await updateCompany(trx, id, companyColumns(changes));
          const after = await findCompanyRow(trx, id);
          await recordAudit(trx, principal, { action: "update", entity: "subCompany", entityId: id, before, after });
          return after;
        }),
      );
    },
  );

  app.delete(
    "/sub-companies/:id",
    {
      config: { permission: ["delete", "subCompany"] },
      schema: {
        tags: ["companies"],
        summary: "Delete a sub-company without label reports",
        params: idParams,
        response: { 204: { type: "null" }, 409: dataErrors[400], ...dataErrors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const principal = request.principal;
      if (id === principal.companyId) throw badRequest("A company is not its own sub-company");
      await db.transaction().execute(async (trx) => {
        const before = await findSubCompany(trx, principal.companyId, id);
        if (!before) throw notFound("Sub-company not found");
        await assertDeletable(trx, before);
        await recordAudit(trx, principal, {
          action: "delete",
          entity: "subCompany",
          entityId: id,
          before,
          after: null,
        });
        await deleteCompany(trx, id);
      });
      return reply.code(204).send();
    },
  );

  app.get(
    "/control-center-companies",
    {
      config: { permission: ["manage", "controlCenter"] },
      schema: {
        tags: ["control center"],
        summary: "Every company on the platform (system administrators)",
        querystring: listQuerystring,
        response: { 200: pagedResponse(companyRecord), 416: dataErrors[400], ...dataErrors },
      },
    },
    async (request) => runList(db, companyRows, listQuery("control-center-companies", request.query)),
  );

  app.get(
    "/control-center-companies/:id",
    {
      config: { permission: ["manage", "controlCenter"] },
      schema: {
        tags: ["control center"],
        summary: "One company (system administrators)",
        params: idParams,
        response: { 200: companyRecord, ...dataErrors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const row = await findCompanyRow(db, id);
      if (!row) throw notFound("Company not found");
      return row;
    },
  );
};
