import type { ShipmentBudget } from "@core/api/product";
import { BUDGET_SIDES, budgetLeftText, type StorageRange } from "@core/domain/stability-budget";
import { Flex, Progress, Typography } from "antd";
import { useTemperatureUnit } from "@/hooks/use-display-preferences";

type Budget = ShipmentBudget["budget"];

/** Percent of a side's budget used; a side without budget is full as soon as anything is spent. */
function usedPercent(side: Budget["above"]): number {
  if (side.budgetMinutes === 0) return side.usedMinutes > 0 ? 100 : 0;
  return Math.min(100, Math.round((side.usedMinutes / side.budgetMinutes) * 100));
}

/**
 * A batch's budget per side: a bar of the share used and what is left ("41 h of 72 h left
 * above 8 °C"), the limit in the person's temperature unit.
 */
export function BudgetBars({ budget, range }: { budget: Budget; range: StorageRange }) {
  const unit = useTemperatureUnit();
  return (
    <Flex vertical gap={4}>
      {BUDGET_SIDES.map((side) => {
        const use = budget[side];
        const percent = usedPercent(use);
        return (
          <div key={side} data-testid={`budget-${side}`}>
            <Progress
              percent={percent}
              size="small"
              status={percent >= 100 && use.usedMinutes > 0 ? "exception" : "normal"}
              aria-label={`Budget used ${side} the range`}
            />
            <Typography.Text type="secondary">{budgetLeftText(side, use, range, unit)}</Typography.Text>
          </div>
        );
      })}
    </Flex>
  );
}
