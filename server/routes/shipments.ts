import type { FastifyPluginAsync } from "fastify";
import { idParams } from "../../core/api/id-params";
import { listQuerystring } from "../../core/api/list-query";
import { pagedResponse } from "../../core/api/paged-response";
import {
  type ShipmentChanges,
  type ShipmentInput,
  shipmentChanges,
  shipmentDetail,
  shipmentInput,
  shipmentListItem,
} from "../../core/api/shipment";
import type { ReportSummary } from "../../core/domain/report-summary";
import { listResource } from "../../core/domain/resources";
import { shipmentVerdict } from "../../core/domain/shipment-verdict";
import { plannedDatesError } from "../../core/domain/shipments";
import { recordAudit } from "../audit";
import type { Principal } from "../auth/principal";
import type { Db } from "../db/index";
import {
  findShipment,
  shipmentByReference,
  shipmentListColumns,
  shipmentListRows,
  shipmentReports,
} from "../db/shipments";
import { isUniqueViolation } from "../db/unique-violation";
import { badRequest, notFound } from "../errors";
import type { TypedRequests } from "../http/type-provider";
import { parseResourceQuery } from "../lists/parse";
import { runList } from "../lists/run-list";
import type { AlertLinks } from "../notifications/enqueue-alerts";
import { setShipmentReports } from "../shipments/attach-reports";
import { shipmentBudgetOf } from "../shipments/budget";
import { raiseBudgetAlarms } from "../shipments/budget-alarms";
import { dataErrors } from "./schemas";

const resource = listResource("shipments");

const shipmentNotFound = () => notFound("Shipment not found");

const REFERENCE_INDEX = "shipments_company_reference";

const referenceTaken = (reference: string) => {
  const error = `Another shipment of the company already has the reference ${reference.trim()}`;
  return badRequest(error, [{ id: "reference", error }]);
};

/** The fields of the body that are columns, trimmed as people typed them. */
function columnsOf(body: ShipmentInput | ShipmentChanges) {
  const { reportIds: _reportIds, ...fields } = body;
  return Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [key, typeof value === "string" ? value.trim() : value]),
  ) as Omit<ShipmentChanges, "reportIds">;
}

/** The shipment as GET /shipments/{id} answers it: the row, its reports with summaries, its verdict. */
async function shipmentDetailOf(db: Db, companyScope: string[], id: string) {
  const shipment = await findShipment(db, companyScope, id);
  if (!shipment) return undefined;
  const reports = await shipmentReports(db, companyScope, id);
  const verdict = shipmentVerdict(
    reports.map((report) => ({
      reportId: report.id,
      labelId: report.labelId,
      // The stored summary is a ReportSummary (server/reports/summary.ts writes it), or {} before any reading.
      summary: "overall" in report.summary ? (report.summary as unknown as ReportSummary) : null,
    })),
  );
  const budget = await shipmentBudgetOf(db, shipment);
  return { ...shipment, reports, verdict, budget, budgetExhausted: budget?.exhausted ?? false };
}

/** Writes the shipment's columns and reports; a taken reference is a 400 naming `reference`. */
async function saveShipment(
  db: Db,
  links: AlertLinks,
  principal: Principal,
  existing: { id: string; companyId: string; reference: string } | null,
  body: ShipmentInput | ShipmentChanges,
) {
  const columns = columnsOf(body);
  const datesError = plannedDatesError(columns.plannedDeparture, columns.plannedArrival);
  if (datesError) throw badRequest(datesError, [{ id: "plannedArrival", error: datesError }]);
  const companyId = existing?.companyId ?? principal.companyId;
  try {
    return await db.transaction().execute(async (trx) => {
      if (columns.productId) {
        const product = await trx
          .selectFrom("products")
          .select("id")
          .where("id", "=", columns.productId)
          .where("companyId", "=", companyId)
          .executeTakeFirst();
        if (!product) {
          const error = "No such product in the shipment's company";
          throw badRequest(error, [{ id: "productId", error }]);
        }
      }
      if (columns.reference !== undefined) {
        const holder = await shipmentByReference(trx, companyId, columns.reference);
        if (holder && holder.id !== existing?.id) throw referenceTaken(columns.reference);
      }
      let shipment: { id: string; companyId: string; reference: string };
      if (existing) {
        const before = await trx
          .selectFrom("shipments")
          .selectAll()
          .where("id", "=", existing.id)
          .forUpdate()
          .executeTakeFirstOrThrow();
        // The planned dates are checked together, also when only one of them changes.
        const dates = plannedDatesError(
          columns.plannedDeparture === undefined ? isoOf(before.plannedDeparture) : columns.plannedDeparture,
          columns.plannedArrival === undefined ? isoOf(before.plannedArrival) : columns.plannedArrival,
        );
        if (dates) throw badRequest(dates, [{ id: "plannedArrival", error: dates }]);
        const changed = Object.keys(columns).filter(
          (key) =>
            JSON.stringify(normalised(before[key as keyof typeof before])) !==
            JSON.stringify(normalised(columns[key as keyof typeof columns])),
        );
        if (changed.length > 0) {
          await trx
            .updateTable("shipments")
            .set({ ...columns, updated: new Date() })
            .where("id", "=", existing.id)
            .execute();
          await recordAudit(trx, principal, {
            action: "update",
            entity: "shipment",
            entityId: existing.id,
            before: Object.fromEntries(changed.map((key) => [key, normalised(before[key as keyof typeof before])])),
            after: Object.fromEntries(changed.map((key) => [key, columns[key as keyof typeof columns]])),
          });
        }
        shipment = { ...existing, reference: columns.reference ?? before.reference };
      } else {
        const reference = columns.reference as string;
        const created = await trx
          .insertInto("shipments")
          .values({ ...columns, reference, companyId })
          .returning(["id", "companyId", "reference"])
          .executeTakeFirstOrThrow();
        await recordAudit(trx, principal, {
          action: "create",
          entity: "shipment",
          entityId: created.id,
          before: null,
          after: columns,
        });
        shipment = created;
      }
      if (body.reportIds) await setShipmentReports(trx, principal, shipment, body.reportIds);
      // Labels attached or a product or batch set may use the batch's budget up: a critical alarm.
      if (body.reportIds || columns.productId !== undefined || columns.batch !== undefined)
        await raiseBudgetAlarms(trx, shipment.id, links);
      return shipment.id;
    });
  } catch (e) {
    // Two shipments given one reference at the same moment: the index decides.
    if (isUniqueViolation(e, REFERENCE_INDEX)) throw referenceTaken(columns.reference ?? "");
    throw e;
  }
}

const isoOf = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** A stored value as the API writes it (dates as ISO 8601), to compare and to audit. */
const normalised = (value: unknown) => (value instanceof Date ? value.toISOString() : value);

/**
 * Shipments: a company's shipment groups one or more of its label reports (docs/api.md,
 * Shipments). Reading needs the right to read reports (a distributor's list spans its
 * sub-companies); creating and changing one, and attaching reports to it, the right to
 * change reports (users, handlers, administrators): grouping labels is handling reports.
 */
export const shipmentRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<TypedRequests>();
  const { db } = plugin;

  const detail = async (companyScope: string[], id: string) => {
    const shipment = await shipmentDetailOf(db, companyScope, id);
    if (!shipment) throw shipmentNotFound();
    return shipment;
  };

  app.get(
    "/shipments",
    {
      config: { permission: ["read", "labelReport"] },
      schema: {
        tags: ["shipments"],
        summary:
          "The shipments of the caller's companies (a distributor's span its sub-companies): filter by reference, origin, destination, carrier, transportMode, plannedDeparture, product, batch, companyId; search the reference; newest first by default",
        querystring: listQuerystring,
        response: { 200: pagedResponse(shipmentListItem), 416: dataErrors[400], ...dataErrors },
      },
    },
    async (request) =>
      runList(db, (qb) => shipmentListRows(qb, request.principal.companyScope), {
        resource,
        columns: shipmentListColumns,
        query: parseResourceQuery(resource, request.query),
      }),
  );

  app.get(
    "/shipments/:id",
    {
      config: { permission: ["read", "labelReport"] },
      schema: {
        tags: ["shipments"],
        summary: "One shipment with its label reports (each with its summary) and its verdict, the worst of theirs",
        params: idParams,
        response: { 200: shipmentDetail, ...dataErrors },
      },
    },
    async (request) => detail(request.principal.companyScope, request.params.id),
  );

  app.post(
    "/shipments",
    {
      config: { permission: ["update", "labelReport"] },
      schema: {
        tags: ["shipments"],
        summary:
          "Create a shipment of the caller's company (the reference is unique in it, whatever the case), optionally with its label reports (reportIds); each attached report's trail records it",
        body: shipmentInput,
        response: { 201: shipmentDetail, ...dataErrors },
      },
    },
    async (request, reply) => {
      const id = await saveShipment(db, plugin.settings, request.principal, null, request.body);
      return reply.code(201).send(await detail(request.principal.companyScope, id));
    },
  );

  app.patch(
    "/shipments/:id",
    {
      config: { permission: ["update", "labelReport"] },
      schema: {
        tags: ["shipments"],
        summary:
          "Change a shipment, and attach or detach label reports by giving all of them (reportIds); each attached or detached report's trail records it (old shipment → new)",
        params: idParams,
        body: shipmentChanges,
        response: { 200: shipmentDetail, ...dataErrors },
      },
    },
    async (request) => {
      const { companyScope } = request.principal;
      const existing = await findShipment(db, companyScope, request.params.id);
      if (!existing) throw shipmentNotFound();
      await saveShipment(db, plugin.settings, request.principal, existing, request.body);
      return detail(companyScope, existing.id);
    },
  );
};
