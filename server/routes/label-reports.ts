import rateLimit from "@fastify/rate-limit";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { sql } from "kysely";
import { Type } from "typebox";
import { auditEntryRecord } from "../../core/api/audit-entry";
import type { FieldError } from "../../core/api/error-answer";
import {
  labelReportChanges,
  labelReportDetail,
  labelReportListItem,
  labelReportRegistration,
  trimWindowInput,
} from "../../core/api/label-report";
import { pagedResponse } from "../../core/api/paged-response";
import { readingSeriesRecord, shockEventRecord } from "../../core/api/reading-series";
import { trimPreviewRecord } from "../../core/api/trim-preview";
import { auditActorLabel } from "../../core/domain/audit-actor";
import { applyCustomFieldChanges } from "../../core/domain/custom-fields";
import { ruleOfPreset } from "../../core/domain/report-rule";
import { listResource } from "../../core/domain/resources";
import { trimEffect, trimReasonError } from "../../core/domain/trim-effect";
import { recordAudit } from "../audit";
import { auditTrailOf } from "../db/audit-log";
import { readCompany } from "../db/companies";
import { customFieldDefinitions } from "../db/custom-fields";
import type { Db } from "../db/index";
import { sharePreset } from "../db/label-presets";
import { deleteLabelReport, insertLabelReport, shockEventsOf, updateLabelReport } from "../db/label-reports";
import { badRequest, notFound, TooManyRequests } from "../errors";
import type { TypedRequests } from "../http/type-provider";
import type { ColumnMap } from "../lists/compile";
import { usesCustomFields, withCustomFieldFilters } from "../lists/custom-field-filters";
import { parseResourceQuery } from "../lists/parse";
import { runList } from "../lists/run-list";
import { noSignalCondition } from "../notifications/no-signal-pass";
import { sharedRateLimitStore } from "../plugins/rate-limit-store";
import { dispositionsOf } from "../reports/dispositions";
import { readSeries } from "../reports/series";
import { recomputeSummary, summaryInput, toMs } from "../reports/summary";
import { dataErrors, dateTime, idParams, listQuerystring } from "./schemas";

const resource = listResource("label-reports");

const listPage = pagedResponse(labelReportListItem);

/**
 * The most chart points one call may ask for: the dashboard asks for 2,000 (about two per
 * pixel of a wide chart), the PDF for 1,000. More only costs the server, and twenty calls
 * of 10,000 points stalled it for seconds.
 */
export const MAX_SERIES_POINTS = 5000;
/** What a chart gets when it does not say: the dashboard's wide chart. */
const DEFAULT_SERIES_POINTS = 2000;

const columns: ColumnMap = {
  id: sql.ref("r.id"),
  labelId: sql.ref("r.labelId"),
  reference: sql.ref("r.reference"),
  status: sql.ref("r.status"),
  presetId: sql.ref("r.presetId"),
  presetName: sql.ref("p.name"),
  companyId: sql.ref("r.companyId"),
  companyName: sql.ref("c.name"),
  origin: sql.ref("r.origin"),
  destination: sql.ref("r.destination"),
  transportMode: sql.ref("r.transportMode"),
  isArchived: sql.ref("r.isArchived"),
  created: sql.ref("r.created"),
  startTime: sql.ref("r.startTime"),
  endTime: sql.ref("r.endTime"),
  lastReadingAt: sql.ref("r.lastReadingAt"),
  noSignal: noSignalCondition(),
  temperatureViolation: sql.ref("r.temperatureViolation"),
  humidityViolation: sql.ref("r.humidityViolation"),
  shockViolation: sql.ref("r.shockViolation"),
  batteryLow: sql.ref("r.batteryLow"),
  dataIncomplete: sql.ref("r.dataIncomplete"),
  disposition: sql.ref("r.disposition"),
  violation: sql`(r.temperature_violation or r.humidity_violation or r.shock_violation)`,
  dispositioned: sql`(r.disposition is not null)`,
};

/**
 * The caller's companies, written into the SQL text rather than bound: they come from the
 * role token (never from the query string), and a list page whose values are all written
 * in is planned knowing them and prepared (server/lists/page-statement.ts).
 */
function companyLiterals(companyScope: readonly string[]) {
  return companyScope.map((id) => sql.lit(id));
}

function baseQuery(db: Db, companyScope: string[]) {
  return db
    .selectFrom("labelReports as r")
    .innerJoin("companies as c", "c.id", "r.companyId")
    .leftJoin("labelPresets as p", "p.id", "r.presetId")
    .where("r.companyId", "in", companyLiterals(companyScope))
    .select([
      "r.id",
      "r.labelId",
      "r.reference",
      "r.status",
      "r.presetId",
      "p.name as presetName",
      "r.companyId",
      "c.name as companyName",
      "r.origin",
      "r.destination",
      "r.transportMode",
      "r.isArchived",
      "r.created",
      "r.startTime",
      "r.endTime",
      "r.lastReadingAt",
      noSignalCondition().as("noSignal"),
      "r.readingCount",
      "r.temperatureViolation",
      "r.humidityViolation",
      "r.shockViolation",
      "r.batteryLow",
      "r.dataIncomplete",
      "r.disposition",
      "r.customFields",
      sql<boolean>`(r.trim_start is not null or r.trim_end is not null)`.as("trimmed"),
    ]);
}

/**
 * The same rows as baseQuery without the joins only its select needs, for the list's
 * capped count: on label_reports alone the count is an index-only walk of (company,
 * archived, created), where any join (even a left join PostgreSQL removes) makes it read
 * the table. The preset is joined when a filter names it.
 */
function countBase(db: Db, companyScope: string[], joins: { presets: boolean; companies: boolean }) {
  return db
    .selectFrom("labelReports as r")
    .$if(joins.presets, (qb) => qb.leftJoin("labelPresets as p", "p.id", "r.presetId"))
    .$if(joins.companies, (qb) => qb.innerJoin("companies as c", "c.id", "r.companyId"))
    .where("r.companyId", "in", companyLiterals(companyScope));
}

/**
 * Labels one key (or person) may register a minute. A registration is how a leaked
 * ingest key reaches people (every label can raise alerts), so it is not free; a
 * gateway registering a shipment's labels stays well under it.
 */
export const REGISTRATIONS_PER_KEY_PER_MINUTE = 30;

const registrationKey = (request: FastifyRequest) =>
  request.principal.apiKeyId ? `key:${request.principal.apiKeyId}` : `user:${request.principal.userId}`;

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
        ? withCustomFieldFilters(resource, columns, await customFieldDefinitions(db, companyScope), companyId)
        : { resource, columns };
      const joins = {
        presets: query.filters.some((filter) => filter.key === "presetName"),
        companies: query.filters.some((filter) => filter.key === "companyName"),
      };
      // Every filter, a company one too, narrows baseQuery's company scope: none widens it.
      return runList(db, (qb) => baseQuery(qb, companyScope), {
        ...list,
        query,
        countBase: (qb) => countBase(qb, companyScope, joins),
      });
    },
  );

  app.get(
    "/label-reports/:id",
    {
      config: { permission: ["read", "labelReport"] },
      schema: {
        tags: ["label reports"],
        summary: "One label report with its summary",
        params: idParams,
        response: { 200: labelReportDetail, ...dataErrors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const row = await findReport(db, request.principal.companyScope, id);
      if (!row) throw notFound("Label report not found");
      return detailOf(db, row);
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
        summary: `Register a label on a shipment (a report that has not started recording), with a system administrator's role token or a gateway's ingest API key; the preset's rule is frozen into the report. ${REGISTRATIONS_PER_KEY_PER_MINUTE} a minute per key or person`,
        body: labelReportRegistration,
        response: {
          201: labelReportDetail,
          ...dataErrors,
          429: { ...dataErrors[400], description: "Too many registrations with this key; see Retry-After" },
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const principal = request.principal;
      const id = await db.transaction().execute(async (trx) => {
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
        await recomputeSummary(trx, id);
        return id;
      });
      const created = await findReport(db, principal.companyScope, id);
      return reply.code(201).send(created && (await detailOf(db, created)));
    },
  );

  app.patch(
    "/label-reports/:id",
    {
      config: { permission: ["update", "labelReport"] },
      schema: {
        tags: ["label reports"],
        summary: "Archive or unarchive a report, or set its custom field values",
        params: idParams,
        body: labelReportChanges,
        response: { 200: labelReportDetail, ...dataErrors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const body = request.body;
      const principal = request.principal;
      return db.transaction().execute(async (trx) => {
        const before = await findReport(trx, principal.companyScope, id, true);
        if (!before) throw notFound("Label report not found");
        const changes: { isArchived?: boolean; customFields?: string; updated: Date } = { updated: new Date() };
        if (body.isArchived !== undefined) changes.isArchived = body.isArchived;
        if (body.customFields) {
          // Values must fit the report's company's definitions (core/domain/custom-fields.ts).
          const { values: merged, problems } = applyCustomFieldChanges(
            await customFieldDefinitions(trx, [before.companyId]),
            (before.customFields ?? {}) as Record<string, unknown>,
            body.customFields,
          );
          if (problems.length) throw badRequest("Please check the custom fields", problems);
          if (JSON.stringify(merged).length > 20_000)
            throw badRequest("Too much custom field data", [{ id: "customFields", error: "is too large" }]);
          changes.customFields = JSON.stringify(merged);
        }
        await updateLabelReport(trx, id, changes);
        const after = await findReport(trx, principal.companyScope, id);
        await recordAudit(trx, principal, {
          action: "update",
          entity: "labelReport",
          entityId: id,
          before: { isArchived: before.isArchived, customFields: before.customFields },
          after: { isArchived: after?.isArchived, customFields: after?.customFields },
        });
        return after && detailOf(trx, after);
      });
    },
  );

  app.delete(
    "/label-reports/:id",
    {
      config: { permission: ["delete", "labelReport"] },
      schema: {
        tags: ["label reports"],
        summary: "Delete a label report and its readings",
        params: idParams,
        response: { 204: { type: "null" }, ...dataErrors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const principal = request.principal;
      await db.transaction().execute(async (trx) => {
        const before = await findReport(trx, principal.companyScope, id, true);
        if (!before) throw notFound("Label report not found");
        await deleteLabelReport(trx, id);
        await recordAudit(trx, principal, {
          action: "delete",
          entity: "labelReport",
          entityId: id,
          before: { labelId: before.labelId, reference: before.reference, companyId: before.companyId },
          after: null,
        });
      });
      return reply.code(204).send();
    },
  );
  app.get(
    "/label-reports/:id/readings",
    {
      config: { permission: ["read", "labelReport"] },
      schema: {
        tags: ["label reports"],
        summary:
          "The chart series of a report for a time window, downsampled to at most maxPoints points (min/max per bucket)",
        params: idParams,
        querystring: Type.Object(
          {
            from: Type.Optional(dateTime),
            to: Type.Optional(dateTime),
            maxPoints: Type.Optional(
              Type.Integer({ minimum: 10, maximum: MAX_SERIES_POINTS, default: DEFAULT_SERIES_POINTS }),
            ),
          },
          { additionalProperties: false },
        ),
        response: { 200: readingSeriesRecord, ...dataErrors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const q = request.query;
      if (!(await findReport(db, request.principal.companyScope, id))) throw notFound("Label report not found");
      if (q.from && q.to && Date.parse(q.from) > Date.parse(q.to)) {
        throw badRequest("from must not be after to", [{ id: "to", error: "must not be before from" }]);
      }
      const window = { ...(q.from ? { from: new Date(q.from) } : {}), ...(q.to ? { to: new Date(q.to) } : {}) };
      return readSeries(db, id, window, q.maxPoints ?? DEFAULT_SERIES_POINTS);
    },
  );

  app.get(
    "/label-reports/:id/shock-events",
    {
      config: { permission: ["read", "labelReport"] },
      schema: {
        tags: ["label reports"],
        summary: "Every shock event of a report",
        params: idParams,
        response: { 200: { type: "array", items: shockEventRecord }, ...dataErrors },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!(await findReport(db, request.principal.companyScope, id))) throw notFound("Label report not found");
      return shockEventsOf(db, id);
    },
  );

  app.get(
    "/label-reports/:id/audit",
    {
      config: { permission: ["read", "labelReport"] },
      schema: {
        tags: ["label reports"],
        summary:
          "The audit trail of a report: who changed what, when, old and new. `actor` is how the change is shown: an impersonated one reads 'ColdChain support (on behalf of …)'",
        params: idParams,
        response: { 200: { type: "array", items: auditEntryRecord }, ...dataErrors },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!(await findReport(db, request.principal.companyScope, id))) throw notFound("Label report not found");
      const rows = await auditTrailOf(db, "labelReport", id);
      // The operator behind an impersonated change is never named to the customer.
      return rows.map(({ firstName, lastName, impersonatorUserId, ...entry }) => {
        const impersonated = impersonatorUserId !== null;
        return {
          ...entry,
          actor: entry.actorEmail
            ? auditActorLabel({ firstName, lastName, email: entry.actorEmail }, impersonated)
            : null,
          impersonated,
        };
      });
    },
  );

  app.post(
    "/label-reports/:id/trim",
    {
      config: { permission: ["trim", "labelReport"] },
      schema: {
        tags: ["label reports"],
        summary:
          "Set (or clear, with nulls) the evaluation window; readings are kept, the verdict is recomputed. `reason` (at least 10 characters) is required for both; the report keeps it with who set the window and when",
        params: idParams,
        body: trimWindowInput,
        response: { 200: labelReportDetail, ...dataErrors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const body = request.body;
      const principal = request.principal;
      // Not found before invalid: a foreign id answers the same whatever the body says.
      if (!(await findReport(db, principal.companyScope, id))) throw notFound("Label report not found");
      const errors = windowErrors(body);
      const reasonError = trimReasonError(body.reason);
      if (reasonError) errors.unshift({ id: "reason", error: reasonError });
      if (errors.length) throw badRequest(errors.map((e) => `${e.id}: ${e.error}`).join("; "), errors);
      const reason = (body.reason ?? "").trim();
      const clearing = body.start === null && body.end === null;
      return db.transaction().execute(async (trx) => {
        const before = await findReport(trx, principal.companyScope, id, true);
        if (!before) throw notFound("Label report not found");
        const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
        await updateLabelReport(trx, id, {
          trimStart: body.start,
          trimEnd: body.end,
          // The reason belongs to the window; clearing keeps its reason in the audit trail only.
          trimReason: clearing ? null : reason,
          trimSetBy: clearing ? null : principal.userId,
          trimSetAt: clearing ? null : new Date(),
          trimSetBySupport: !clearing && principal.impersonatorUserId !== null,
        });
        await recomputeSummary(trx, id);
        const after = await findReport(trx, principal.companyScope, id);
        await recordAudit(trx, principal, {
          action: clearing ? "untrim" : "trim",
          entity: "labelReport",
          entityId: id,
          before: { trimStart: iso(before.trimStart), trimEnd: iso(before.trimEnd) },
          after: { trimStart: iso(after?.trimStart ?? null), trimEnd: iso(after?.trimEnd ?? null) },
          reason,
        });
        return after && detailOf(trx, after);
      });
    },
  );

  app.get(
    "/label-reports/:id/trim-preview",
    {
      config: { permission: ["trim", "labelReport"] },
      schema: {
        tags: ["label reports"],
        summary:
          "What setting (or clearing, without start and end) the window would change, without saving: the verdict before and after, the excursions it takes out of the evaluation, and whether the confirmation must be typed",
        params: idParams,
        querystring: Type.Object(
          { start: Type.Optional(dateTime), end: Type.Optional(dateTime) },
          { additionalProperties: false },
        ),
        response: { 200: trimPreviewRecord, ...dataErrors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const query = request.query;
      const next = { start: query.start ?? null, end: query.end ?? null };
      const report = await findReport(db, request.principal.companyScope, id);
      if (!report) throw notFound("Label report not found");
      const errors = windowErrors(next);
      if (errors.length) throw badRequest(errors.map((e) => `${e.id}: ${e.error}`).join("; "), errors);
      const input = await summaryInput(db, id);
      return trimEffect(input, { start: toMs(next.start), end: toMs(next.end) });
    },
  );
};

function windowErrors(window: { start: string | null; end: string | null }): FieldError[] {
  if (window.start && window.end && Date.parse(window.start) >= Date.parse(window.end)) {
    return [{ id: "end", error: "must be after start" }];
  }
  return [];
}

/**
 * A report as every route answering with one shows it: the list row's `disposition` (the
 * value in force) becomes the signature in force and its history, as the detail schema says.
 */
async function detailOf<Row extends { id: string }>(db: Db, row: Row) {
  const history = await dispositionsOf(db, row.id);
  return { ...row, disposition: history[0] ?? null, dispositionHistory: history };
}

async function findReport(db: Db, companyScope: string[], id: string, forUpdate = false) {
  let query = baseQuery(db, companyScope)
    .leftJoin("users as tu", "tu.id", "r.trimSetBy")
    .select([
      "r.intervalMinutes",
      "r.trimStart",
      "r.trimEnd",
      "r.trimReason",
      "r.trimSetAt",
      "tu.email as trimSetByEmail",
      "tu.firstName as trimSetByFirstName",
      "tu.lastName as trimSetByLastName",
      "r.trimSetBySupport",
      "r.updated",
      "r.summary",
      "r.rule",
      "r.presetVersion",
    ])
    .where("r.id", "=", id);
  if (forUpdate) query = query.forUpdate("r");
  const row = await query.executeTakeFirst();
  if (!row) return row;
  const { trimSetByEmail, trimSetByFirstName, trimSetByLastName, trimSetBySupport, ...report } = row;
  const name = trimSetBySupport
    ? auditActorLabel({ firstName: trimSetByFirstName, lastName: trimSetByLastName, email: trimSetByEmail }, true)
    : [trimSetByFirstName, trimSetByLastName].filter(Boolean).join(" ").trim() || trimSetByEmail;
  return {
    ...report,
    trimSetBy: trimSetByEmail && name ? { name, email: trimSetByEmail } : null,
  };
}
