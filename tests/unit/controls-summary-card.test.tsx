// @vitest-environment happy-dom
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { SummaryCard } from "@/components/controls/summary-card/summary-card";
import {
  summaryCardFromReport,
  summaryCardHeadline,
  summaryCardsFromReport,
} from "@/components/controls/summary-card/summary-card-state";
import { type PresetThresholds, summariseReport } from "../../core/domain/report-summary";
import { setupControlsDom } from "./controls-dom";

setupControlsDom();

const preset: PresetThresholds = {
  temperatureEnabled: true,
  temperatureMin: 2,
  temperatureMax: 8,
  humidityEnabled: false,
  humidityMin: null,
  humidityMax: null,
  shockEnabled: true,
  shockThresholdG: 5,
  alarmDelayMinutes: 0,
  alarmType: "single",
  intervalMinutes: 10,
  batteryWarningLevel: 20,
};

const t0 = Date.UTC(2025, 2, 3);
const readings = Array.from({ length: 12 }, (_, i) => ({
  t: t0 + i * 600_000,
  temperature: i >= 4 && i <= 6 ? 11 : 5,
  humidity: null,
  battery: 90 - i * 7,
}));
const summary = summariseReport({
  preset,
  readings,
  shockEvents: [{ t: t0 + 1_800_000, magnitudeG: 7.2 }],
  status: "recording",
});

describe("summary card mapper (from the server's report summary)", () => {
  it("temperature: a violation card with its state and the excursion count as badge", () => {
    expect(summaryCardFromReport("temperature", summary)).toEqual({
      unit: "temperature",
      type: "violation",
      state: "error",
      label: "Temperature",
      value: "Violation",
      badge: { label: "1", suffix: "excursion" },
      disabled: false,
    });
  });

  it("a unit the preset does not measure is disabled and shows 'N.a.'", () => {
    const card = summaryCardFromReport("humidity", summary);
    expect(card.disabled).toBe(true);
    expect(summaryCardHeadline(card)).toBe("N.a.");
  });

  it("shock: violation with the number of shocks", () => {
    expect(summaryCardFromReport("shock", summary)).toMatchObject({
      type: "violation",
      state: "error",
      badge: { label: "1", suffix: "shock" },
    });
  });

  it("battery: a status card with the level and a 'Low' badge at or under the warning level", () => {
    expect(summaryCardFromReport("battery", summary)).toMatchObject({
      type: "status",
      state: "warning",
      value: "13 %",
      badge: { label: "Low" },
    });
  });

  it("label: a status card with the label's status", () => {
    expect(summaryCardFromReport("label", summary)).toMatchObject({
      type: "status",
      state: "success",
      value: "Recording",
    });
  });

  it("temperatures follow the display unit (units)", () => {
    const calm = summariseReport({
      preset,
      readings: readings.map((r) => ({ ...r, temperature: 5 })),
      status: "ended",
    });
    expect(summaryCardFromReport("temperature", calm, { temperatureUnit: "fahrenheit" }).badge).toEqual({
      prefix: "Avg",
      label: "41.0",
      suffix: "°F",
    });
  });

  it("maps all five units in order", () => {
    expect(summaryCardsFromReport(summary).map((card) => card.unit)).toEqual([
      "temperature",
      "humidity",
      "shock",
      "battery",
      "label",
    ]);
  });
});

describe("summary card component", () => {
  it("shows the label, headline, badge (prefix, label, suffix) and state", () => {
    render(
      <SummaryCard
        unit="temperature"
        type="violation"
        state="warning"
        label="Temperature"
        value="Out of range"
        badge={{ prefix: "Max", label: "9.1", suffix: "°C" }}
      />,
    );
    const card = screen.getByRole("region", { name: "Temperature" });
    expect(card.getAttribute("data-state")).toBe("warning");
    expect(card.textContent).toContain("Out of range");
    expect(card.textContent).toContain("Max 9.1 °C");
  });

  it("disabled shows 'N.a.' and no badge", () => {
    render(
      <SummaryCard
        unit="shock"
        type="violation"
        state="error"
        label="Shock"
        value="Violation"
        badge={{ label: "3" }}
        disabled
      />,
    );
    const card = screen.getByRole("region", { name: "Shock" });
    expect(card.textContent).toContain("N.a.");
    expect(card.textContent).not.toContain("Violation");
    expect(card.textContent).not.toContain("3");
  });
});
