import { sql } from "kysely";
import type { ColumnMap } from "../lists/compile";
import { labelReportRows } from "../reports/report-list-query";
import type { Db } from "./index";

/** The shipments table (0043-shipments) and the label reports it groups. */

const REPORT_COUNT = sql<number>`(select count(*)::int from label_reports lr where lr.shipment_id = s.id)`;

/** The shipment list's keys as SQL (core/domain/resources.ts, "shipments"). */
export const shipmentListColumns: ColumnMap = {
  id: sql.ref("s.id"),
  reference: sql.ref("s.reference"),
  origin: sql.ref("s.origin"),
  destination: sql.ref("s.destination"),
  carrier: sql.ref("s.carrier"),
  transportMode: sql.ref("s.transportMode"),
  plannedDeparture: sql.ref("s.plannedDeparture"),
  plannedArrival: sql.ref("s.plannedArrival"),
  product: sql.ref("s.product"),
  batch: sql.ref("s.batch"),
  productId: sql.ref("s.productId"),
  companyId: sql.ref("s.companyId"),
  companyName: sql.ref("c.name"),
  reportCount: REPORT_COUNT,
  created: sql.ref("s.created"),
};

/**
 * The shipments of the caller's companies with their company's name and how many reports
 * each groups. The companies are written into the SQL as the report list's are.
 */
export function shipmentListRows(db: Db, companyScope: readonly string[]) {
  return db
    .selectFrom("shipments as s")
    .innerJoin("companies as c", "c.id", "s.companyId")
    .where(
      "s.companyId",
      "in",
      companyScope.map((id) => sql.lit(id)),
    )
    .select([
      "s.id",
      "s.companyId",
      "c.name as companyName",
      "s.reference",
      "s.origin",
      "s.destination",
      "s.carrier",
      "s.transportMode",
      "s.plannedDeparture",
      "s.plannedArrival",
      "s.product",
      "s.productId",
      "s.batch",
      REPORT_COUNT.as("reportCount"),
      "s.created",
      "s.updated",
    ]);
}

/** One shipment of the caller's companies; undefined for any other id. */
export function findShipment(db: Db, companyScope: readonly string[], id: string) {
  return shipmentListRows(db, companyScope).where("s.id", "=", id).executeTakeFirst();
}

/** The shipment of the company with this reference (case-insensitive), if any. */
export function shipmentByReference(db: Db, companyId: string, reference: string) {
  return db
    .selectFrom("shipments")
    .select(["id", "reference"])
    .where("companyId", "=", companyId)
    .where(sql<boolean>`lower(reference) = lower(${reference.trim()})`)
    .executeTakeFirst();
}

/** The shipment's reports with their summaries, by label id. */
export function shipmentReports(db: Db, companyScope: string[], shipmentId: string) {
  return labelReportRows(db, companyScope)
    .select("r.summary")
    .where("r.shipmentId", "=", shipmentId)
    .orderBy("r.labelId")
    .execute();
}
