import type { Insertable, Kysely } from "kysely";
import type { ShipmentTransportMode } from "../../core/domain/shipments";
import type { Database } from "../db/schema";
import { mainCustomerId } from "./main-customer";
import { ANCHOR_MS } from "./reports";

/**
 * The performance page's story: the main customer's ended labels of the half year before
 * the demo's anchor grouped into shipments on four lanes by three carriers. Nordic
 * Reefer Lines is the carrier to drop: it gets most of the shipments whose labels
 * violated and runs its trips about a fifth slower. Deterministic (by the labels' order).
 */

const LANES: { origin: string; destination: string; mode: ShipmentTransportMode; hours: number }[] = [
  { origin: "Basel", destination: "Rotterdam", mode: "road", hours: 20 },
  { origin: "Frankfurt", destination: "Singapore", mode: "air", hours: 30 },
  { origin: "Hamburg", destination: "Oslo", mode: "multimodal", hours: 40 },
  { origin: "Basel", destination: "Milan", mode: "rail", hours: 9 },
];

const GOOD_CARRIERS = ["Kuehne+Nagel", "DB Schenker"];
const BAD_CARRIER = "Nordic Reefer Lines";

/** Shipments made at most: enough months and groups to tell a story, few enough to keep the seed fast. */
const MAX_SHIPMENTS = 150;
const HALF_YEAR_MS = 183 * 86_400_000;
const HOUR_MS = 3_600_000;

/** The carrier of the n-th shipment: the bad one for 3 in 4 troubled shipments, 1 in 6 clean ones. */
function carrierOf(n: number, troubled: boolean): string {
  if (troubled ? n % 4 !== 0 : n % 6 === 0) return BAD_CARRIER;
  return GOOD_CARRIERS[n % GOOD_CARRIERS.length] as string;
}

export async function seedLaneShipments(trx: Kysely<Database>): Promise<number> {
  const companyId = await mainCustomerId(trx);
  if (!companyId) return 0;
  const reports = await trx
    .selectFrom("labelReports")
    .select(["id", "startTime", "temperatureViolation", "dataIncomplete"])
    .where("companyId", "=", companyId)
    .where("status", "=", "ended")
    .where("readingCount", ">", 0)
    .where("shipmentId", "is", null)
    .where("startTime", ">=", new Date(ANCHOR_MS - HALF_YEAR_MS))
    .orderBy("startTime")
    .orderBy("labelId")
    .limit(MAX_SHIPMENTS * 2)
    .execute();
  const shipments: { values: Insertable<Database["shipments"]>; reportIds: string[] }[] = [];
  let next = 0;
  for (let n = 0; n < MAX_SHIPMENTS && next < reports.length; n++) {
    // One, two or three labels a shipment, in turn.
    const group = reports.slice(next, next + 1 + (n % 3));
    next += group.length;
    const first = group[0];
    if (!first?.startTime) continue;
    const troubled = group.some((report) => report.temperatureViolation);
    const lane = LANES[n % LANES.length] as (typeof LANES)[number];
    const carrier = carrierOf(n, troubled);
    const departure = new Date(first.startTime);
    const hours = lane.hours * (carrier === BAD_CARRIER ? 1.2 : 1) + (n % 5);
    shipments.push({
      values: {
        companyId,
        reference: `LANE-2026-${String(n + 1).padStart(4, "0")}`,
        origin: lane.origin,
        destination: lane.destination,
        carrier,
        transportMode: lane.mode,
        plannedDeparture: departure,
        plannedArrival: new Date(departure.getTime() + hours * HOUR_MS),
      },
      reportIds: group.map((report) => report.id),
    });
  }
  if (shipments.length === 0) return 0;
  const created = await trx
    .insertInto("shipments")
    .values(shipments.map((s) => s.values))
    .returning(["id", "reference"])
    .execute();
  const ids = new Map(created.map((row) => [row.reference, row.id]));
  for (const shipment of shipments) {
    await trx
      .updateTable("labelReports")
      .set({ shipmentId: ids.get(shipment.values.reference) ?? null })
      .where("id", "in", shipment.reportIds)
      .execute();
  }
  return created.length;
}
