import type { ShipmentDetail } from "@core/api/shipment";
import { type HttpError, useOne } from "@refinedev/core";
import { Flex, Typography } from "antd";
import { PlainTag } from "@/components/controls/plain-tag/plain-tag";
import { RESOURCE } from "@/resources/names";
import { BudgetBars } from "./budget-bars";

/**
 * The stability budget of the batch a report's shipment carries, for the report overlay:
 * nothing when the report has no shipment, or its shipment no product with a batch.
 */
export function ShipmentBudgetSection({
  shipmentId,
  render,
}: {
  shipmentId: string | null | undefined;
  render: (content: React.ReactNode) => React.ReactNode;
}) {
  const { result: shipment } = useOne<ShipmentDetail, HttpError>({
    resource: RESOURCE.shipments,
    id: shipmentId ?? "",
    queryOptions: { enabled: Boolean(shipmentId) },
    errorNotification: false,
  });
  const budget = shipmentId ? shipment?.budget : null;
  if (!budget) return null;
  return render(
    <Flex vertical gap="small" data-testid="report-budget">
      <Flex gap="small" align="center">
        <Typography.Text>
          {budget.productName}, batch {budget.batch} (shipment {shipment?.reference})
        </Typography.Text>
        {budget.exhausted ? <PlainTag color="error">Critical: stability budget exhausted</PlainTag> : null}
      </Flex>
      <BudgetBars budget={budget.budget} range={budget} />
    </Flex>,
  );
}
