import { describeAuditEntry } from "@core/domain/audit-text";
import { describe, expect, it } from "vitest";
import { DEFAULT_PREFERENCES } from "@/providers/stores/preferences";
import { downloadFileName, exportPath } from "@/resources/label-reports/download/download-options";
import { dataTabsOf, formatDuration, statisticsRows } from "@/resources/label-reports/report/report-format";
import { type PresetThresholds, summariseReport } from "../../core/domain/report-summary";

const preset: PresetThresholds = {
  temperatureEnabled: true,
  temperatureMin: 2,
  temperatureMax: 8,
  humidityEnabled: false,
  humidityMin: null,
  humidityMax: null,
  shockEnabled: false,
  shockThresholdG: null,
  alarmDelayMinutes: 0,
  alarmType: "single",
  intervalMinutes: 10,
  batteryWarningLevel: 20,
};
const T0 = Date.parse("2026-03-01T00:00:00Z");
const readings = [4, 10, 5].map((temperature, i) => ({
  t: T0 + i * 600_000,
  temperature,
  humidity: null,
  battery: 80,
}));
const summary = summariseReport({ preset, readings, status: "ended" });

describe("report overlay content", () => {
  it("shows a chart tab only for measured units (one tab: no tab bar)", () => {
    expect(dataTabsOf(summary).map((t) => t.key)).toEqual(["temperature"]);
    expect(
      dataTabsOf(summariseReport({ preset: { ...preset, humidityEnabled: true }, readings, status: "ended" })),
    ).toHaveLength(2);
  });

  it("labels the mean kinetic temperature as information, not the verdict", () => {
    const mkt = statisticsRows(summary.temperature, "temperature", "celsius").find((r) => r.key === "mkt");
    expect(mkt?.note).toContain("information, not the verdict");
    expect(mkt?.note).toContain("83.144 kJ/mol");
  });

  it("gives min and max with their times in the user's unit", () => {
    const rows = statisticsRows(summary.temperature, "temperature", "fahrenheit");
    const max = rows.find((r) => r.key === "max");
    expect(max).toMatchObject({ value: "50.0 °F", at: new Date(T0 + 600_000).toISOString() });
  });

  it("shows when the alarm was first triggered and, before it, when its excursion began", () => {
    const delayed = summariseReport({
      preset: { ...preset, alarmDelayMinutes: 10 },
      readings: [4, 10, 10, 5].map((temperature, i) => ({
        t: T0 + i * 600_000,
        temperature,
        humidity: null,
        battery: 80,
      })),
      status: "ended",
    });
    const rows = statisticsRows(delayed.temperature, "temperature", "celsius");
    expect(rows.find((r) => r.key === "triggered")).toMatchObject({
      label: "Alarm first triggered",
      at: new Date(T0 + 1_200_000).toISOString(),
    });
    expect(rows.find((r) => r.key === "excursionBegan")).toMatchObject({
      label: "Excursion began",
      at: new Date(T0 + 600_000).toISOString(),
    });
  });

  it("shows a summary stored before the alarm time was kept as the excursion's start, not as the alarm", () => {
    const { triggeringExcursionStart: _dropped, ...stored } = summary.temperature;
    const rows = statisticsRows(stored, "temperature", "celsius");
    expect(rows.find((r) => r.key === "triggered")).toBeUndefined();
    expect(rows.find((r) => r.key === "excursionBegan")?.at).toBe(new Date(T0 + 600_000).toISOString());
  });

  it("writes durations in days, hours and minutes", () => {
    expect([formatDuration(0), formatDuration(90), formatDuration(1500)]).toEqual(["0 min", "1 h 30 min", "1 d 1 h"]);
  });

  it("shows a trim in the audit trail with who, old and new window in the user's zone", () => {
    const text = describeAuditEntry(
      {
        action: "trim",
        before: { trimStart: null, trimEnd: null },
        after: { trimStart: "2026-03-01T06:00:00.000Z", trimEnd: null },
      },
      { format: { timeZone: "Europe/Berlin" } },
    );
    expect(text).toEqual({
      title: "Evaluation window set",
      changes: [{ field: "Window start", before: "first/last reading", after: "03/01/2026, 07:00" }],
    });
  });

  it("reads a signed disposition as its old and new value, meaning and signer", () => {
    const text = describeAuditEntry(
      {
        action: "disposition",
        before: { disposition: "quarantined" },
        after: { disposition: "released", meaning: "Released for sale", signedBy: "Anna Weber" },
      },
      { format: { timeZone: "Europe/Berlin" } },
    );
    expect(text).toEqual({
      title: "Disposition signed",
      changes: [
        { field: "Disposition", before: "Quarantined", after: "Released" },
        { field: "Meaning", before: "—", after: "Released for sale" },
        { field: "Signed by", before: "—", after: "Anna Weber" },
      ],
    });
  });
});

describe("download options", () => {
  it("asks the export for the remembered choices, the zone 'system' resolved to the device's", () => {
    const path = exportPath("r1", { ...DEFAULT_PREFERENCES.downloadReport, timeZone: "system" }, "Asia/Tokyo");
    expect(path).toBe(
      "label-reports/r1/export?fileType=pdf&pageSize=a4&timeZone=Asia%2FTokyo&locale=en-US&temperatureUnit=celsius&includeDataTable=minimal",
    );
  });

  it("asks for UTC by default", () => {
    expect(exportPath("r1", DEFAULT_PREFERENCES.downloadReport)).toContain("timeZone=UTC");
  });

  it("names the file after the server's Content-Disposition, else after the label", () => {
    expect(downloadFileName('attachment; filename="report-A1.pdf"', "A1", "pdf")).toBe("report-A1.pdf");
    expect(downloadFileName(null, "LBL 7", "csv")).toBe("label-report-LBL_7.csv");
  });

  it("reads a custom-field edit as each changed field's old and new value, by its name", () => {
    const text = describeAuditEntry(
      {
        action: "update",
        before: { isArchived: false, customFields: { batchNumber: "B-1", product: "Vaccine" } },
        after: { isArchived: false, customFields: { batchNumber: "B-2", product: "Vaccine", shipmentValue: 1200 } },
      },
      {
        format: { timeZone: "UTC" },
        customFieldNames: { batchNumber: "Batch number", product: "Product", shipmentValue: "Shipment value (EUR)" },
      },
    );
    expect(text.changes).toEqual([
      { field: "Batch number", before: "B-1", after: "B-2" },
      { field: "Shipment value (EUR)", before: "—", after: "1,200" },
    ]);
  });
});
