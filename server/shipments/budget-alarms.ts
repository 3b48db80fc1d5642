import type { Side } from "../../core/domain/excursions";
import { BUDGET_SIDES, budgetSideLimitText, sideExhausted } from "../../core/domain/stability-budget";
import type { Db } from "../db/index";
import { type AlertLinks, recordAlertEvent } from "../notifications/enqueue-alerts";
import { productBatchUse } from "../products/batch-use";

/**
 * The critical alarm of a used-up stability budget (docs/domain.md, Products and stability
 * budgets): when a change to a shipment (readings into one of its labels, labels attached,
 * its product or batch set) leaves its batch's budget used up on a side and the shipment
 * itself spent time on that side, the shipment raises one `budgetExhausted` alarm for the
 * side, whatever its labels' rules said. Once per shipment and side: an alarm is an event,
 * so a late reading that gives budget back leaves it as it is, and a re-sent batch (which
 * changes nothing) raises nothing.
 */
export async function raiseBudgetAlarms(
  trx: Db,
  shipmentId: string,
  links: AlertLinks,
  options: { sides?: readonly Side[]; reportId?: string } = {},
): Promise<void> {
  // Locked: two labels of the shipment ingested at once must not both raise the alarm.
  const shipment = await trx
    .selectFrom("shipments as s")
    .innerJoin("products as p", "p.id", "s.productId")
    .select(["s.id", "s.reference", "s.batch", "p.id as productId", "p.name as productName"])
    .select(["p.storageMin", "p.storageMax", "p.budgetAboveMinutes", "p.budgetBelowMinutes"])
    .where("s.id", "=", shipmentId)
    .where("s.batch", "<>", "")
    .forUpdate("s")
    .executeTakeFirst();
  if (!shipment) return;
  const [use] = await productBatchUse(
    trx,
    {
      id: shipment.productId,
      storageMin: shipment.storageMin,
      storageMax: shipment.storageMax,
      budgetAboveMinutes: shipment.budgetAboveMinutes,
      budgetBelowMinutes: shipment.budgetBelowMinutes,
    },
    shipment.batch,
  );
  const own = use?.shipments.find((s) => s.id === shipment.id);
  if (!use || !own) return;
  const sides = (options.sides ?? BUDGET_SIDES).filter(
    (side) => sideExhausted(use[side]) && (side === "above" ? own.aboveMinutes : own.belowMinutes) > 0,
  );
  for (const side of sides) {
    const key = `budgetExhausted:${shipment.id}:${side}`;
    const raised = await trx
      .selectFrom("alertEvents as e")
      .innerJoin("labelReports as r", "r.id", "e.reportId")
      .select("e.id")
      .where("r.shipmentId", "=", shipment.id)
      .where("e.key", "=", key)
      .executeTakeFirst();
    if (raised) continue;
    // The alarm is the report's that brought the change, else the shipment's first label.
    const reportId =
      options.reportId ??
      (
        await trx
          .selectFrom("labelReports")
          .select("id")
          .where("shipmentId", "=", shipment.id)
          .orderBy("created")
          .orderBy("id")
          .executeTakeFirst()
      )?.id;
    if (!reportId) continue;
    await recordAlertEvent(
      trx,
      {
        reportId,
        kind: "budgetExhausted",
        key,
        occurredAt: new Date().toISOString(),
        details: {
          side,
          shipmentId: shipment.id,
          shipmentReference: shipment.reference,
          productId: shipment.productId,
          productName: shipment.productName,
          batch: shipment.batch,
          usedMinutes: use[side].usedMinutes,
          budgetMinutes: use[side].budgetMinutes,
          limitText: budgetSideLimitText(side, shipment),
        },
      },
      links.publicUrl,
    );
  }
}

/** raiseBudgetAlarms for the shipment a report is in (none: nothing to raise). */
export async function raiseReportBudgetAlarms(
  trx: Db,
  reportId: string,
  sides: readonly Side[],
  links: AlertLinks,
): Promise<void> {
  if (sides.length === 0) return;
  const report = await trx
    .selectFrom("labelReports")
    .select("shipmentId")
    .where("id", "=", reportId)
    .executeTakeFirst();
  if (report?.shipmentId) await raiseBudgetAlarms(trx, report.shipmentId, links, { sides, reportId });
}
