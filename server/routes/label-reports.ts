import rateLimit from "@fastify/rate-limit";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { labelReportDetail, labelReportListItem, labelReportRegistration } from "../../core/api/label-report";
import { listQuerystring } from "../../core/api/list-query";
import { pagedResponse } from "../../core/api/paged-response";
import { ruleOfPreset } from "../../core/domain/report-rule";
import { listResource } from "../../core/domain/resources";
import { recordAudit } from "../audit";
import { readCompany } from "../db/companies";
import { customFieldDefinitions } from "../db/custom-fields";
import { sharePreset } from "../db/label-presets";
import { insertLabelReport } from "../db/label-reports";
import { badRequest, TooManyRequests } from "../errors";
import type { TypedRequests } from "../http/type-provider";
import { REGISTRATIONS_PER_KEY_PER_MINUTE } from "../ingest/ingest-limits";
import { usesCustomFields, withCustomFieldFilters } from "../lists/custom-field-filters";
import { parseResourceQuery } from "../lists/parse";
import { runList } from "../lists/run-list";
import { sharedRateLimitStore } from "../plugins/rate-limit-store";
import { detailOf, findReport } from "../reports/report-detail";
import { labelReportColumns, labelReportCountRows, labelReportRows } from "../reports/report-list-query";
import { recomputeSummary } from "../reports/summary";
import { attachRegisteredReport, registrationShipment } from "../shipments/attach-reports";
import { dataErrors } from "./schemas";

const resource = listResource("label-reports");

const listPage = pagedResponse(labelReportListItem);

const registrationKey = (request: FastifyRequest) =>
  request.principal.apiKeyId ? `key:${request.principal.apiKeyId}` : `user:${request.principal.userId}`;

/** The list of label reports and registering a label; one report's routes are in label-report-by-id.ts. */
export const labelReportRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<TypedRequests>();
  const { db } = plugin;

  await app.register(rateLimit, {
    // Counted in the database: every server process and instance shares the budget.
    store: sharedRateLimitStore(plugin.counters, "registrations"),
    global: false,
    // After authentication (onRequest), so the key is the caller, not the address.
    hook: "preHandler",
    errorResponseBuilder: (_request, { after, max, ttl }) =>
      new TooManyRequests(
        `Too many label registrations with this key: at most ${max} a minute. Please try again in ${after}.`,
        Math.max(1, Math.ceil(ttl / 1000)),
      ),
  });

  app.get(
    "/label-reports",
    {
      config: { permission: ["read", "labelReport"] },
      schema: {
        tags: ["label reports"],
        summary: "List label reports of the caller's companies",
        querystring: listQuerystring,
        response: { 200: listPage, 416: dataErrors[400], ...dataErrors },
      },
    },
    async (request) => {
      const { companyScope, companyId } = request.principal;
      const query = parseResourceQuery(resource, request.query);
      // Custom field keys are per company: looked up only when a filter names one.
      const list = usesCustomFields(query.filters)
        ? withCustomFieldFilters(
            resource,
            labelReportColumns,
            await customFieldDefinitions(db, companyScope),
            companyId,
          )
        : { resource, columns: labelReportColumns };
      const joins = {
        presets: query.filters.some((filter) => filter.key === "presetName"),
        companies: query.filters.some((filter) => filter.key === "companyName"),
      };
      // Every filter, a company one too, narrows labelReportRows' company scope: none widens it.
      return runList(db, (qb) => labelReportRows(qb, companyScope), {
        ...list,
        query,
        countBase: (qb) => labelReportCountRows(qb, companyScope, joins),
      });
    },
  );

  app.post(
    "/label-reports",
    {
      config: {
        permission: ["create", "labelReport"],
        rateLimit: { max: REGISTRATIONS_PER_KEY_PER_MINUTE, timeWindow: 60_000, keyGenerator: registrationKey },
      },
      schema: {
        tags: ["label reports"],
        summary: `Register a label (a report that has not started recording), optionally on a shipment of the company (shipmentId or shipmentReference), with a system administrator's role token or a gateway's ingest API key; the preset's rule is frozen into the report. ${REGISTRATIONS_PER_KEY_PER_MINUTE} a minute per key or person`,
        body: labelReportRegistration,
        response: {
          201: labelReportDetail,
          ...dataErrors,
          429: { ...dataErrors[400], description: "Too many registrations with this key; see Retry-After" },
        },
      },
    },
    async (request, reply) => {
      const { shipmentId, shipmentReference, ...body } = request.body;
      const principal = request.principal;
      const id = await db.transaction().execute(async (trx) => {
        const shipment = await registrationShipment(trx, principal.companyId, { shipmentId, shipmentReference });
        // Locked so that an edit saved at the same moment is either wholly in this rule or a later version.
        const preset = await sharePreset(trx, principal.companyId, body.presetId);
        if (!preset)
          throw badRequest("Unknown label preset", [{ id: "presetId", error: "No such preset in your company" }]);
        const company = await readCompany(trx, principal.companyId, ["maxDataGapMinutes"]);
        const id = await insertLabelReport(trx, {
          ...body,
          companyId: principal.companyId,
          status: "notStarted",
          intervalMinutes: preset.intervalMinutes,
          rule: JSON.stringify(ruleOfPreset(preset, preset.version, company?.maxDataGapMinutes)),
          presetVersion: preset.version,
          summary: "{}",
          customFields: "{}",
        });
        await recordAudit(trx, principal, {
          action: "create",
          entity: "labelReport",
          entityId: id,
          before: null,
          // A gateway's key is nobody: the entry names the key.
          after: {
            ...body,
            presetVersion: preset.version,
            ...(principal.apiKeyId ? { apiKeyId: principal.apiKeyId } : {}),
          },
        });
        if (shipment) await attachRegisteredReport(trx, principal, id, shipment);
        await recomputeSummary(trx, id);
        return id;
      });
      const created = await findReport(db, principal.companyScope, id);
      return reply.code(201).send(created && (await detailOf(db, plugin.recordSigner, created)));
    },
  );
};
