import { recordAudit } from "../audit";
import type { Principal } from "../auth/principal";
import type { Db } from "../db/index";
import { shipmentByReference } from "../db/shipments";
import { badRequest } from "../errors";

/**
 * Attaching label reports to a shipment and detaching them: a report belongs to at most one
 * shipment, of its own company. Each change is written in the report's trail (who, when,
 * old shipment -> new), in the caller's transaction.
 */

interface ShipmentRef {
  id: string;
  reference: string;
}

/** Names the shipment in the trail: its reference to read, its id to follow. */
const trailValue = (shipment: ShipmentRef | null) =>
  shipment ? { shipment: shipment.reference, shipmentId: shipment.id } : { shipment: null, shipmentId: null };

async function moveReport(
  trx: Db,
  principal: Principal,
  report: { id: string; shipmentId: string | null; shipmentReference: string | null },
  to: ShipmentRef | null,
) {
  if (report.shipmentId === (to?.id ?? null)) return;
  await trx
    .updateTable("labelReports")
    .set({ shipmentId: to?.id ?? null })
    .where("id", "=", report.id)
    .execute();
  await recordAudit(trx, principal, {
    action: "shipmentChange",
    entity: "labelReport",
    entityId: report.id,
    before: trailValue(
      report.shipmentId && report.shipmentReference
        ? { id: report.shipmentId, reference: report.shipmentReference }
        : null,
    ),
    after: trailValue(to),
  });
}

/** The reports with these ids of the company, locked, with the shipment each is in now. */
function lockReports(trx: Db, companyId: string, ids: readonly string[]) {
  return trx
    .selectFrom("labelReports as r")
    .leftJoin("shipments as s", "s.id", "r.shipmentId")
    .select(["r.id", "r.shipmentId", "s.reference as shipmentReference"])
    .where("r.companyId", "=", companyId)
    .where("r.id", "in", ids)
    .forUpdate("r")
    .execute();
}

/**
 * Makes `reportIds` the shipment's reports: the others are detached, new ones attached
 * (moved from another shipment if they were in one). 400 naming `reportIds` when one is
 * not a report of the shipment's company.
 */
export async function setShipmentReports(
  trx: Db,
  principal: Principal,
  shipment: ShipmentRef & { companyId: string },
  reportIds: readonly string[],
): Promise<void> {
  const wanted = reportIds.length > 0 ? await lockReports(trx, shipment.companyId, reportIds) : [];
  const missing = reportIds.filter((id) => !wanted.some((report) => report.id === id));
  if (missing.length > 0) {
    const error = `No such label report in the shipment's company: ${missing.join(", ")}`;
    throw badRequest(error, [{ id: "reportIds", error }]);
  }
  const current = await trx
    .selectFrom("labelReports")
    .select(["id", "shipmentId"])
    .where("shipmentId", "=", shipment.id)
    .forUpdate()
    .execute();
  for (const report of current)
    if (!reportIds.includes(report.id))
      await moveReport(trx, principal, { ...report, shipmentReference: shipment.reference }, null);
  for (const report of wanted) await moveReport(trx, principal, report, shipment);
}

/** Attaches one report just registered to a shipment (no trail entry of a previous one: it had none). */
export async function attachRegisteredReport(trx: Db, principal: Principal, reportId: string, to: ShipmentRef) {
  await moveReport(trx, principal, { id: reportId, shipmentId: null, shipmentReference: null }, to);
}

/**
 * The shipment a label is registered on (POST /label-reports): by id or by reference, of
 * the caller's company; none when neither is given. 400 naming the field otherwise.
 */
export async function registrationShipment(
  trx: Db,
  companyId: string,
  given: { shipmentId?: string; shipmentReference?: string },
): Promise<ShipmentRef | null> {
  if (given.shipmentId !== undefined && given.shipmentReference !== undefined) {
    const error = "Give the shipment's id or its reference, not both";
    throw badRequest(error, [{ id: "shipmentReference", error }]);
  }
  if (given.shipmentId !== undefined) {
    const shipment = await trx
      .selectFrom("shipments")
      .select(["id", "reference"])
      .where("id", "=", given.shipmentId)
      .where("companyId", "=", companyId)
      .executeTakeFirst();
    if (!shipment)
      throw badRequest("Unknown shipment", [{ id: "shipmentId", error: "No such shipment in your company" }]);
    return shipment;
  }
  if (given.shipmentReference !== undefined) {
    const shipment = await shipmentByReference(trx, companyId, given.shipmentReference);
    if (!shipment)
      throw badRequest("Unknown shipment", [
        { id: "shipmentReference", error: "No shipment of your company has this reference" },
      ]);
    return shipment;
  }
  return null;
}
