import { describe, expect, test } from "vitest";
import { PRESET_DEFAULTS, presetErrors, stepOfField } from "../../core/domain/label-preset";
import { bandsOf, type LimitBand, worstSeverity } from "../../core/domain/limit-bands";
import { ruleOfPreset, thresholdsOfRule } from "../../core/domain/report-rule";

const preset = { ...PRESET_DEFAULTS, name: "Pharma", temperatureMin: 2, temperatureMax: 8 };
const band = (
  side: LimitBand["side"],
  limit: number,
  severity: LimitBand["severity"],
  delayMinutes = 0,
): LimitBand => ({
  side,
  limit,
  delayMinutes,
  delayType: "single",
  severity,
});
const ids = (bands: LimitBand[]) => presetErrors({ ...preset, temperatureBands: bands }).map((e) => e.id);

describe("bandsOf", () => {
  test("a preset without bands has one alarm band per side from its min, max, delay and type", () => {
    expect(bandsOf({ ...preset, alarmDelayMinutes: 30, alarmType: "cumulative" }, "temperature")).toEqual([
      { side: "above", limit: 8, delayMinutes: 30, delayType: "cumulative", severity: "alarm" },
      { side: "below", limit: 2, delayMinutes: 30, delayType: "cumulative", severity: "alarm" },
    ]);
  });

  test("a preset's own bands replace the default", () => {
    const own = [band("above", 8, "warning", 30), band("above", 15, "critical")];
    expect(bandsOf({ ...preset, temperatureBands: own }, "temperature")).toEqual(own);
  });

  test("an empty list of bands keeps the default", () => {
    expect(bandsOf({ ...preset, temperatureBands: [] }, "temperature")).toHaveLength(2);
  });

  test("a unit not measured has no bands", () => {
    expect(bandsOf(preset, "humidity")).toEqual([]);
  });
});

describe("the worst severity", () => {
  test("critical beats alarm beats warning; none reached is null", () => {
    expect(worstSeverity(["warning", "critical", "alarm"])).toBe("critical");
    expect(worstSeverity([null, "warning"])).toBe("warning");
    expect(worstSeverity([])).toBeNull();
  });
});

describe("band validation", () => {
  test("bands ordered by limit per side are valid, one limit carrying rising severities included", () => {
    expect(
      ids([
        band("above", 8, "warning", 30),
        band("above", 8, "alarm", 60),
        band("above", 15, "critical"),
        band("below", 2, "warning", 15),
      ]),
    ).toEqual([]);
  });

  test("a limit out of order is named by its band's index", () => {
    expect(ids([band("above", 8, "warning"), band("above", 10, "alarm"), band("above", 9, "critical")])).toEqual([
      "temperatureBands.2.limit",
    ]);
  });

  test("a negative delay is an error on that band's delay", () => {
    expect(ids([band("above", 8, "warning", -5)])).toEqual(["temperatureBands.0.delayMinutes"]);
  });

  test("a fourth band on one side is refused", () => {
    const four = [
      band("above", 8, "warning"),
      band("above", 9, "alarm"),
      band("above", 10, "critical"),
      band("above", 11, "critical"),
    ];
    expect(ids(four)).toEqual(["temperatureBands.3.side"]);
  });

  test("a limit below must be under every limit above", () => {
    expect(ids([band("above", 8, "alarm"), band("below", 9, "alarm")])).toEqual(["temperatureBands.1.limit"]);
  });

  test("a band's field error belongs to its unit's wizard step", () => {
    expect(stepOfField("temperatureBands.2.limit")).toBe("temperature");
    expect(stepOfField("humidityBands.0.delayMinutes")).toBe("humidity");
  });
});

describe("the frozen rule", () => {
  test("a rule of a preset without bands holds no band key, so its record hashes as before", () => {
    const rule = ruleOfPreset({ ...preset, temperatureBands: null, humidityBands: [] }, 1);
    expect(Object.keys(rule)).not.toContain("temperatureBands");
    expect(Object.keys(rule)).not.toContain("humidityBands");
    expect(Object.keys(thresholdsOfRule(rule, 5))).not.toContain("temperatureBands");
  });

  test("a rule of a preset with bands keeps them", () => {
    const own = [band("above", 8, "warning", 30)];
    expect(ruleOfPreset({ ...preset, temperatureBands: own }, 1).temperatureBands).toEqual(own);
  });
});
