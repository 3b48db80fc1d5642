import type { Kysely } from "kysely";
import type { ShipmentTransportMode } from "../../core/domain/shipments";
import type { Database } from "../db/schema";
import { mainCustomerId } from "./main-customer";

/** The demo's shipments: a few of the main customer's, each grouping 1–4 of its ended labels. */
const DEMO_SHIPMENTS: {
  reference: string;
  origin: string;
  destination: string;
  carrier: string;
  transportMode: ShipmentTransportMode;
  product: string;
  /** The code of a demo product (DEMO_PRODUCTS) whose stability budget the batch uses. */
  productCode?: string;
  batch: string;
  labels: number;
}[] = [
  {
    reference: "SHP-2026-0101",
    origin: "Basel",
    destination: "Rotterdam",
    carrier: "Kuehne+Nagel",
    transportMode: "road",
    product: "Insulin glargine",
    batch: "IG-2610",
    labels: 2,
  },
  {
    reference: "SHP-2026-0102",
    origin: "Frankfurt",
    destination: "Singapore",
    carrier: "Lufthansa Cargo",
    transportMode: "air",
    product: "Influenza vaccine",
    // Its excursions use up the batch's budget: the demo's critical shipment.
    productCode: "FLU-25",
    batch: "FV-0907",
    labels: 4,
  },
  {
    reference: "SHP-2026-0103",
    origin: "Hamburg",
    destination: "Oslo",
    carrier: "DB Schenker",
    transportMode: "multimodal",
    product: "Insulin glargine",
    productCode: "IG-100",
    batch: "IG-2611",
    labels: 3,
  },
  {
    reference: "SHP-2026-0104",
    origin: "Basel",
    destination: "Milan",
    carrier: "DHL Freight",
    transportMode: "rail",
    product: "Insulin glargine",
    productCode: "IG-100",
    // The same batch as SHP-2026-0103: both shipments use its budget (part of it).
    batch: "IG-2611",
    labels: 1,
  },
  {
    reference: "SHP-2026-0105",
    origin: "Rotterdam",
    destination: "New York",
    carrier: "Maersk",
    transportMode: "sea",
    product: "Saline 0.9 %",
    batch: "SL-1203",
    labels: 2,
  },
];

/** The demo's products with stability budgets (2–8 °C; hours above and below the range over their life). */
const DEMO_PRODUCTS = [
  {
    name: "Insulin glargine 100 U/ml",
    code: "IG-100",
    storageMin: 2,
    storageMax: 8,
    budgetAboveMinutes: 72 * 60,
    budgetBelowMinutes: 24 * 60,
  },
  {
    name: "Influenza vaccine",
    code: "FLU-25",
    storageMin: 2,
    storageMax: 8,
    budgetAboveMinutes: 48 * 60,
    budgetBelowMinutes: 12 * 60,
  },
];

/**
 * Inserts the demo shipments and attaches the main customer's latest ended labels to them,
 * neighbours by start time together (deterministic like the rest of the seed). Answers how many were made.
 */
export async function seedShipments(trx: Kysely<Database>): Promise<number> {
  const companyId = await mainCustomerId(trx);
  if (!companyId) return 0;
  const needed = DEMO_SHIPMENTS.reduce((sum, shipment) => sum + shipment.labels, 0);
  const reports = await trx
    .selectFrom("labelReports")
    .select(["id", "startTime"])
    .where("companyId", "=", companyId)
    .where("status", "=", "ended")
    .where("readingCount", ">", 0)
    // By start: neighbours recorded at about the same time, as the labels of one pallet do.
    .orderBy("startTime", "desc")
    .orderBy("labelId")
    .limit(needed)
    .execute();
  const products = await trx
    .insertInto("products")
    .values(DEMO_PRODUCTS.map((product) => ({ ...product, companyId })))
    .returning(["id", "code"])
    .execute();
  const productId = (code: string | undefined) => products.find((p) => p.code === code)?.id ?? null;
  let next = 0;
  let made = 0;
  for (const { labels, productCode, ...fields } of DEMO_SHIPMENTS) {
    const group = reports.slice(next, next + labels);
    next += labels;
    if (group.length === 0) break;
    const start = group[0]?.startTime ? new Date(group[0].startTime) : null;
    const shipment = await trx
      .insertInto("shipments")
      .values({
        ...fields,
        productId: productId(productCode),
        companyId,
        plannedDeparture: start,
        plannedArrival: start ? new Date(start.getTime() + 3 * 86_400_000) : null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .updateTable("labelReports")
      .set({ shipmentId: shipment.id })
      .where(
        "id",
        "in",
        group.map((report) => report.id),
      )
      .execute();
    made++;
  }
  return made;
}
