import { sql } from "kysely";
import type { ColumnMap } from "../lists/compile";
import type { Db } from "./index";

/** The products table (0046-products) and the shipments that carry a product. */

const SHIPMENT_COUNT = sql<number>`(select count(*)::int from shipments s where s.product_id = p.id)`;

/** The product list's keys as SQL (core/domain/resources.ts, "products"). */
export const productListColumns: ColumnMap = {
  id: sql.ref("p.id"),
  name: sql.ref("p.name"),
  code: sql.ref("p.code"),
  storageMin: sql.ref("p.storageMin"),
  storageMax: sql.ref("p.storageMax"),
  budgetAboveMinutes: sql.ref("p.budgetAboveMinutes"),
  budgetBelowMinutes: sql.ref("p.budgetBelowMinutes"),
  companyId: sql.ref("p.companyId"),
  companyName: sql.ref("c.name"),
  shipmentCount: SHIPMENT_COUNT,
  created: sql.ref("p.created"),
};

/** The products of the caller's companies with their company's name and how many shipments carry each. */
export function productListRows(db: Db, companyScope: readonly string[]) {
  return db
    .selectFrom("products as p")
    .innerJoin("companies as c", "c.id", "p.companyId")
    .where(
      "p.companyId",
      "in",
      companyScope.map((id) => sql.lit(id)),
    )
    .select([
      "p.id",
      "p.companyId",
      "c.name as companyName",
      "p.name",
      "p.code",
      "p.storageMin",
      "p.storageMax",
      "p.budgetAboveMinutes",
      "p.budgetBelowMinutes",
      SHIPMENT_COUNT.as("shipmentCount"),
      "p.created",
      "p.updated",
    ]);
}

/** One product of the caller's companies; undefined for any other id. */
export function findProduct(db: Db, companyScope: readonly string[], id: string) {
  return productListRows(db, companyScope).where("p.id", "=", id).executeTakeFirst();
}

/** The product of the company with this code (case-insensitive), if any. */
export function productByCode(db: Db, companyId: string, code: string) {
  return db
    .selectFrom("products")
    .select(["id", "code"])
    .where("companyId", "=", companyId)
    .where(sql<boolean>`lower(code) = lower(${code.trim()})`)
    .executeTakeFirst();
}

/** The shipments of a product (those with a batch, or of one batch) with their reports' ids. */
export async function productShipments(db: Db, productId: string, batch?: string) {
  const shipments = await db
    .selectFrom("shipments")
    .select(["id", "reference", "batch"])
    .where("productId", "=", productId)
    .where("batch", "<>", "")
    .$if(batch !== undefined, (q) => q.where("batch", "=", batch as string))
    .orderBy("batch")
    .orderBy("reference")
    .execute();
  if (shipments.length === 0) return [];
  const reports = await db
    .selectFrom("labelReports")
    .select(["id", "shipmentId"])
    .where(
      "shipmentId",
      "in",
      shipments.map((s) => s.id),
    )
    .execute();
  return shipments.map((s) => ({ ...s, reportIds: reports.filter((r) => r.shipmentId === s.id).map((r) => r.id) }));
}
