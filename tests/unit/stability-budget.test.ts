import { describe, expect, test } from "vitest";
import { seriesClock } from "../../core/domain/excursions";
import {
  batchBudgetUse,
  budgetLeftText,
  budgetUsedChangeText,
  labelOutsideMinutes,
  shipmentOutsideMinutes,
  storageRangeText,
} from "../../core/domain/stability-budget";

const MIN = 60_000;
const T0 = Date.UTC(2026, 5, 1, 8, 0);
const INSULIN = { storageMin: 2, storageMax: 8, budgetAboveMinutes: 72 * 60, budgetBelowMinutes: 24 * 60 };
const CLOCK = seriesClock(5, 5 * MIN);

/** Readings every 5 minutes from T0. */
const series = (values: (number | null)[]) => values.map((value, i) => ({ t: T0 + i * 5 * MIN, value }));

describe("a label's time out of the product's range", () => {
  test("each out-of-range reading counts until the next one, as in the verdict", () => {
    expect(labelOutsideMinutes(series([5, 9, 9, 5, 1, 5]), CLOCK, INSULIN)).toEqual({
      aboveMinutes: 10,
      belowMinutes: 5,
    });
  });

  test("a reading exactly at a limit is in range", () => {
    expect(labelOutsideMinutes(series([8, 2, 8]), CLOCK, INSULIN)).toEqual({ aboveMinutes: 0, belowMinutes: 0 });
  });

  test("the last reading out of range counts for the label's interval", () => {
    expect(labelOutsideMinutes(series([5, 9]), CLOCK, INSULIN).aboveMinutes).toBe(5);
  });

  test("readings without a temperature are not part of the series", () => {
    expect(labelOutsideMinutes(series([9, null, 9, 5]), CLOCK, INSULIN).aboveMinutes).toBe(15);
  });
});

describe("a shipment's time out of range", () => {
  test("is the longest its labels saw per side, not their sum: the labels travel together", () => {
    expect(
      shipmentOutsideMinutes([
        { aboveMinutes: 30, belowMinutes: 0 },
        { aboveMinutes: 45, belowMinutes: 10 },
      ]),
    ).toEqual({ aboveMinutes: 45, belowMinutes: 10 });
  });

  test("is nothing without labels", () => {
    expect(shipmentOutsideMinutes([])).toEqual({ aboveMinutes: 0, belowMinutes: 0 });
  });
});

describe("a batch's use of its budget", () => {
  test("adds up its shipments' time per side", () => {
    const use = batchBudgetUse(INSULIN, [
      { aboveMinutes: 600, belowMinutes: 30 },
      { aboveMinutes: 120, belowMinutes: 0 },
    ]);
    expect(use.above).toEqual({ usedMinutes: 720, budgetMinutes: 4320, remainingMinutes: 3600 });
    expect(use.below).toEqual({ usedMinutes: 30, budgetMinutes: 1440, remainingMinutes: 1410 });
    expect(use.exhausted).toBe(false);
  });

  test("is exhausted when one side's budget is all used, and nothing is left rather than less than nothing", () => {
    const use = batchBudgetUse(INSULIN, [
      { aboveMinutes: 10, belowMinutes: 1000 },
      { aboveMinutes: 0, belowMinutes: 1000 },
    ]);
    expect(use.below.remainingMinutes).toBe(0);
    expect(use.exhausted).toBe(true);
  });

  test("a side without budget is not exhausted while nothing was spent on it", () => {
    const noBelow = { ...INSULIN, budgetBelowMinutes: 0 };
    expect(batchBudgetUse(noBelow, [{ aboveMinutes: 5, belowMinutes: 0 }]).exhausted).toBe(false);
    expect(batchBudgetUse(noBelow, [{ aboveMinutes: 0, belowMinutes: 1 }]).exhausted).toBe(true);
  });
});

describe("budget texts", () => {
  test("say what is left of the budget above the range in hours", () => {
    const use = batchBudgetUse(INSULIN, [{ aboveMinutes: 31 * 60, belowMinutes: 0 }]);
    expect(budgetLeftText("above", use.above, INSULIN)).toBe("41 h of 72 h left above 8 °C");
    expect(budgetLeftText("below", use.below, INSULIN)).toBe("24 h of 24 h left below 2 °C");
  });

  test("write the limit in the reader's temperature unit", () => {
    const use = batchBudgetUse(INSULIN, [{ aboveMinutes: 31 * 60, belowMinutes: 0 }]);
    expect(budgetLeftText("above", use.above, INSULIN, "fahrenheit")).toBe("41 h of 72 h left above 46.4 °F");
    expect(budgetLeftText("below", use.below, INSULIN, "fahrenheit")).toBe("24 h of 24 h left below 35.6 °F");
    expect(budgetLeftText("above", use.above, INSULIN, "celsius")).toBe("41 h of 72 h left above 8 °C");
  });

  test("write the storage range in the reader's temperature unit", () => {
    expect(storageRangeText(INSULIN)).toBe("2–8 °C");
    expect(storageRangeText(INSULIN, "fahrenheit")).toBe("35.6–46.4 °F");
  });

  test("say a change of use from old to new", () => {
    expect(budgetUsedChangeText("above", 600, 720, INSULIN)).toBe("10 h → 12 h above 8 °C");
    expect(budgetUsedChangeText("below", 90, 150, INSULIN)).toBe("1.5 h → 2.5 h below 2 °C");
    expect(budgetUsedChangeText("above", 5, 10, INSULIN)).toBe("5 min → 10 min above 8 °C");
  });
});
