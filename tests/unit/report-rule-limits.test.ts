import { describe, expect, test } from "vitest";
import { type ReportRule, ruleLimits } from "../../core/domain/report-rule";

const rule: ReportRule = {
  temperatureEnabled: true,
  temperatureMin: 2,
  temperatureMax: 8,
  humidityEnabled: true,
  humidityMin: 30,
  humidityMax: 70,
  shockEnabled: false,
  shockThresholdG: null,
  alarmDelayMinutes: 30,
  alarmType: "single",
  intervalMinutes: 10,
  startDelayMinutes: 0,
  batteryWarningLevel: 20,
  presetName: "Vaccines",
  presetVersion: 3,
};

describe("the chart's limit lines come from the report's rule", () => {
  test("each unit's lines are the rule's limits of that unit", () => {
    expect(ruleLimits(rule, "temperature")).toEqual({ lower: 2, upper: 8 });
    expect(ruleLimits(rule, "humidity")).toEqual({ lower: 30, upper: 70 });
  });

  test("a unit the rule does not judge has no limit lines, whatever limits are stored", () => {
    expect(ruleLimits({ ...rule, temperatureEnabled: false }, "temperature")).toEqual({ lower: null, upper: null });
    expect(ruleLimits({ ...rule, humidityEnabled: false }, "humidity")).toEqual({ lower: null, upper: null });
  });

  test("a one-sided rule draws only its side", () => {
    expect(ruleLimits({ ...rule, temperatureMin: null }, "temperature")).toEqual({ lower: null, upper: 8 });
  });

  test("a report without a rule has no limit lines", () => {
    expect(ruleLimits(null, "temperature")).toEqual({ lower: null, upper: null });
    expect(ruleLimits(undefined, "humidity")).toEqual({ lower: null, upper: null });
  });
});
