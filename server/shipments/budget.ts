import type { ShipmentBudget } from "../../core/api/product";
import type { Db } from "../db/index";
import { productBatchUse } from "../products/batch-use";

/**
 * What a shipment of a product shows of its batch's stability budget (the whole batch's
 * use, its own shipments included), or null without a product or a batch.
 */
export async function shipmentBudgetOf(
  db: Db,
  shipment: { productId: string | null; batch: string },
): Promise<ShipmentBudget | null> {
  if (!shipment.productId || shipment.batch === "") return null;
  const product = await db.selectFrom("products").selectAll().where("id", "=", shipment.productId).executeTakeFirst();
  if (!product) return null;
  const [use] = await productBatchUse(db, product, shipment.batch);
  if (!use) return null;
  return {
    productId: product.id,
    productName: product.name,
    storageMin: product.storageMin,
    storageMax: product.storageMax,
    batch: use.batch,
    budget: { above: use.above, below: use.below },
    exhausted: use.exhausted,
  };
}
