import { describe, expect, test } from "vitest";
import { type SummaryReading, summariseReport } from "../../core/domain/report-summary";
import { type ShipmentLabel, shipmentVerdict } from "../../core/domain/shipment-verdict";
import { PHARMA } from "../support/pharma-thresholds";

const MIN = 60_000;
const T0 = Date.UTC(2026, 5, 1, 8, 0);

/** Readings every 5 minutes from T0; from index `skipFrom` on, `skip` minutes later (a gap). */
function readings(temperatures: number[], skipFrom = Number.POSITIVE_INFINITY, skip = 0): SummaryReading[] {
  return temperatures.map((temperature, i) => ({
    t: T0 + (i * 5 + (i >= skipFrom ? skip : 0)) * MIN,
    temperature,
    humidity: 50,
    battery: 90,
  }));
}

const label = (labelId: string, temperatures: number[] | null, skipFrom?: number, skip?: number): ShipmentLabel => ({
  reportId: `report-${labelId}`,
  labelId,
  summary:
    temperatures === null
      ? null
      : summariseReport({ preset: PHARMA, readings: readings(temperatures, skipFrom, skip), status: "ended" }),
});

const inRange = (labelId: string) => label(labelId, [5, 5, 5, 5]);
const violated = (labelId: string) => label(labelId, [5, 9, 9, 9, 9, 9, 9, 9, 5]);
const withGap = (labelId: string) => label(labelId, [5, 5, 5, 5], 2, 120);

describe("a shipment's verdict", () => {
  test("is OK and complete when every label is", () => {
    expect(shipmentVerdict([inRange("A"), inRange("B")])).toMatchObject({
      verdict: "ok",
      completeness: "complete",
      worstLabels: ["A", "B"],
    });
  });

  test("is a violation when any label's is, naming that label and its unit", () => {
    const verdict = shipmentVerdict([inRange("A"), violated("B"), inRange("C")]);
    expect(verdict.verdict).toBe("violation");
    expect(verdict.worstLabels).toEqual(["B"]);
    expect(verdict.units.temperature).toMatchObject({ violation: true, state: "error", violatedBy: ["B"] });
    expect(verdict.units.humidity.violation).toBe(false);
  });

  test("is incomplete when any label's data is incomplete", () => {
    const verdict = shipmentVerdict([inRange("A"), withGap("B")]);
    expect(verdict).toMatchObject({ verdict: "incomplete", completeness: "incomplete", worstLabels: ["B"] });
  });

  test("a violation outweighs incomplete data, which stays reported", () => {
    const verdict = shipmentVerdict([violated("A"), withGap("B")]);
    expect(verdict).toMatchObject({ verdict: "violation", completeness: "incomplete" });
  });

  test("a label without data leaves the shipment without a verdict of OK", () => {
    const verdict = shipmentVerdict([inRange("A"), label("B", null)]);
    expect(verdict).toMatchObject({ verdict: "noData", completeness: "incomplete", worstLabels: ["B"] });
  });

  test("a shipment without labels, or with none that has data, has no data", () => {
    expect(shipmentVerdict([])).toMatchObject({ verdict: "noData", completeness: "noData", worstLabels: [] });
    expect(shipmentVerdict([label("A", null)])).toMatchObject({ verdict: "noData", completeness: "noData" });
  });
});
