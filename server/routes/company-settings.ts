import type { FastifyPluginAsync } from "fastify";
import { Type } from "typebox";
import {
  type CompanyChanges,
  companyChanges,
  companyName,
  companySettingsRecord,
  companyWritable,
} from "../../core/api/company-settings";
import type { FieldError } from "../../core/api/error-answer";
import { administratorEmailProperty } from "../../core/api/first-administrator";
import { normalizeVatNumber, vatNumberError } from "../../core/domain/billing";
import { isKnownTimeZone } from "../../core/domain/datetime";
import { recordAudit } from "../audit";
import {
  companyDetails,
  deleteCompany,
  hasReportsOrChildren,
  insertCompany,
  readCompany,
  updateCompany,
} from "../db/companies";
import type { Db } from "../db/index";
import { insertMembership } from "../db/memberships";
import { badRequest, forbidden, HttpError, notFound } from "../errors";
import type { TypedRequests } from "../http/type-provider";
import {
  firstAdministratorEmail,
  inviteFirstAdministrator,
  mailFirstAdministrator,
  refuseFirstAdministratorWhileImpersonating,
} from "../invites/first-administrator";
import { dataErrors, idParams, Nullable, StringEnum } from "./schemas";

/**
 * Rules beyond the JSON schema: a known time zone, a VAT
 * number in its country's format, a logo initial of letters or digits. 400 per field.
 */
export function assertCompanySettings(changes: CompanyChanges): void {
  const problems: FieldError[] = [];
  if (changes.timeZone !== undefined && !isKnownTimeZone(changes.timeZone))
    problems.push({ id: "timeZone", error: "Unknown time zone" });
  const vat = changes.billing?.vatNumber;
  const vatProblem = typeof vat === "string" ? vatNumberError(vat) : null;
  if (vatProblem) problems.push({ id: "billing.vatNumber", error: vatProblem });
  if (changes.logoInitial && !/^[\p{L}\p{N}]{1,2}$/u.test(changes.logoInitial))
    problems.push({ id: "logoInitial", error: "One or two letters or digits" });
  if (problems.length) throw badRequest("Please check the fields", problems);
}

/** Turns validated changes into column values (JSON columns are written as text). */
export function companyColumns(changes: CompanyChanges) {
  const { addresses, billing: rawBilling, ...plain } = changes;
  const billing =
    rawBilling && typeof rawBilling.vatNumber === "string"
      ? { ...rawBilling, vatNumber: normalizeVatNumber(rawBilling.vatNumber) }
      : rawBilling;
  return {
    ...plain,
    ...(plain.name !== undefined ? { name: plain.name.trim() } : {}),
    ...(addresses !== undefined ? { addresses: JSON.stringify(addresses) } : {}),
    ...(billing !== undefined ? { billing: JSON.stringify(billing) } : {}),
  };
}

/** A company with label reports or sub-companies is not deleted: its records must stay. */
export async function assertDeletable(db: Db, companyId: string): Promise<void> {
  if (await hasReportsOrChildren(db, companyId))
    throw new HttpError(409, "This company still has label reports or sub-companies; it cannot be deleted");
}

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
      return db.transaction().execute(async (trx) => {
        const before = await companyDetails(trx, principal.companyId).forUpdate().executeTakeFirstOrThrow();
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
      });
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
        body: Type.Object(
          {
            ...companyWritable,
            name: companyName,
            ...administratorEmailProperty,
            type: Type.Optional(StringEnum(["operator", "distributor", "customer"])),
            parentId: Type.Optional(Nullable(Type.String({ format: "uuid" }))),
          },
          { additionalProperties: false },
        ),
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
      const created = await db.transaction().execute(async (trx) => {
        if (parentId) {
          const parent = await readCompany(trx, parentId, ["type"]);
          if (!parent) throw notFound("Parent company not found");
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
      });
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
        await assertDeletable(trx, id);
        // Audited first: the entry survives the company (its company link is set to null).
        await recordAudit(trx, principal, { action: "delete", entity: "company", entityId: id, before, after: null });
        await deleteCompany(trx, id);
      });
      return reply.code(204).send();
    },
  );
};
