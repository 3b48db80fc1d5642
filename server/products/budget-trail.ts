import type { ShipmentBudget } from "../../core/api/product";
import type { Side } from "../../core/domain/excursions";
import { BUDGET_SIDES, budgetUsedChangeText } from "../../core/domain/stability-budget";
import { recordAudit } from "../audit";
import type { Principal } from "../auth/principal";
import type { Db } from "../db/index";
import { shipmentBudgetOf } from "../shipments/budget";

/** The budget of the batch a report's shipment carries, or null (no shipment, product or batch: nothing to trail). */
export async function reportBatchBudget(db: Db, reportId: string): Promise<ShipmentBudget | null> {
  const shipment = await db
    .selectFrom("labelReports as r")
    .innerJoin("shipments as s", "s.id", "r.shipmentId")
    .select(["s.productId", "s.batch"])
    .where("r.id", "=", reportId)
    .where("s.productId", "is not", null)
    .where("s.batch", "<>", "")
    .executeTakeFirst();
  return shipment ? shipmentBudgetOf(db, shipment) : null;
}

/**
 * After readings were stored into a report of a product's shipment: when they changed the
 * batch's use of its budget (a late reading filling an excursion, say), the report's
 * trail says so, old → new, e.g. "Stability budget of batch X used: 10 h → 12 h above 8 °C".
 * Answers the sides whose use changed.
 */
export async function recordBudgetChange(
  db: Db,
  principal: Principal,
  reportId: string,
  before: ShipmentBudget,
): Promise<Side[]> {
  const after = await reportBatchBudget(db, reportId);
  if (!after) return [];
  const changed = BUDGET_SIDES.filter((side) => before.budget[side].usedMinutes !== after.budget[side].usedMinutes);
  if (changed.length === 0) return [];
  const text = `Stability budget of batch ${after.batch} used: ${changed
    .map((side) => budgetUsedChangeText(side, before.budget[side].usedMinutes, after.budget[side].usedMinutes, after))
    .join("; ")}`;
  const used = (budget: ShipmentBudget) =>
    Object.fromEntries(changed.map((side) => [`${side}UsedMinutes`, budget.budget[side].usedMinutes]));
  await recordAudit(db, principal, {
    action: "budgetUse",
    entity: "labelReport",
    entityId: reportId,
    before: { productId: before.productId, batch: before.batch, ...used(before) },
    after: { productId: after.productId, batch: after.batch, ...used(after), text },
  });
  return changed;
}
