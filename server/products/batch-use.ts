import {
  type BatchBudgetUse,
  batchBudgetUse,
  type OutsideMinutes,
  reportOutsideMinutes,
  type StabilityBudget,
  shipmentOutsideMinutes,
} from "../../core/domain/stability-budget";
import type { Db } from "../db/index";
import { productShipments } from "../db/products";
import { summaryInput } from "../reports/summary";

interface ShipmentUse extends OutsideMinutes {
  id: string;
  reference: string;
  batch: string;
}

export interface BatchUse extends BatchBudgetUse {
  batch: string;
  shipments: ShipmentUse[];
}

/**
 * The batches of a product (or one of them) with their use of its stability budget,
 * computed from the readings of their shipments' reports on each read: a late reading is
 * counted as soon as it is stored, with no rollup to keep in step.
 */
export async function productBatchUse(
  db: Db,
  product: StabilityBudget & { id: string },
  batch?: string,
): Promise<BatchUse[]> {
  const shipments = await productShipments(db, product.id, batch);
  const used: ShipmentUse[] = [];
  for (const shipment of shipments) {
    const labels: OutsideMinutes[] = [];
    for (const reportId of shipment.reportIds)
      labels.push(reportOutsideMinutes(await summaryInput(db, reportId), product));
    used.push({
      id: shipment.id,
      reference: shipment.reference,
      batch: shipment.batch,
      ...shipmentOutsideMinutes(labels),
    });
  }
  const batches = [...new Set(used.map((s) => s.batch))];
  return batches.map((name) => {
    const ofBatch = used.filter((s) => s.batch === name);
    return { batch: name, shipments: ofBatch, ...batchBudgetUse(product, ofBatch) };
  });
}
