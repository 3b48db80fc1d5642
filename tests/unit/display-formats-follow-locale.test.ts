import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { totalText } from "@/components/list/total-text";
import { describeAuditEntry } from "@/resources/label-reports/report/audit-text";

describe("numbers on screen follow the chosen locale", () => {
  it("a list's exact total of thousands is grouped as the locale groups them", () => {
    expect(totalText(12_345, false, "de-DE")).toBe("12.345 records");
    expect(totalText(12_345, false)).toBe("12,345 records");
  });

  it("a number changed in the audit trail reads with the locale's decimal comma", () => {
    const text = describeAuditEntry(
      {
        id: "1",
        at: "2026-03-01T12:00:00Z",
        action: "update",
        before: { temperatureMax: 8.5 },
        after: { temperatureMax: 10.25 },
        reason: null,
        actorEmail: "admin@demo.example",
        actor: "admin@demo.example",
        impersonated: false,
      },
      { timeZone: "UTC", locale: "de-DE" },
    );
    expect(text.changes[0]).toMatchObject({ before: "8,5", after: "10,25" });
  });
});

/**
 * A guard against displays that bypass the preferences: locale-less formatting
 * (toLocaleString and friends take the browser's locale, not the chosen one) is banned
 * from src/, and Intl formatters and toFixed are built only where the chosen locale and
 * zone are passed in. A new file on these lists needs a reason.
 */
const SRC = join(__dirname, "../../src");
const INTL_ALLOWED = new Set([
  "domain/datetime.ts", // the shared date formatters, locale and zone given by the caller
  "domain/number-text.ts", // the shared number formatters
  "domain/custom-fields.ts", // date custom fields, locale given by the caller
  "components/controls/date-picker/date-picker-state.ts", // calendar names, locale given
  "components/controls/range-slider/range-slider-state.ts", // slider labels, locale given
  "components/list/date-time-text.tsx", // day-only cells, locale and zone from the preferences
  "resources/label-reports/chart/chart-axis.ts", // chart axis, locale and zone given
  "resources/label-reports/chart/report-chart-view.tsx", // chart readout, locale and zone given
  "resources/label-reports/filter-values.ts", // zone offset arithmetic, never shown
  "providers/stores/preferences.ts", // the device's zone name, never shown
]);
const TO_FIXED_ALLOWED = new Set([
  "components/controls/range-slider/range-slider.tsx", // CSS percentages
  "components/icons/country-icons.tsx", // SVG coordinates
]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe("no display formatting bypasses the preferences", () => {
  const files = sourceFiles(SRC).map((path) => ({ file: relative(SRC, path), text: readFileSync(path, "utf8") }));

  it("nothing formats with the browser's locale (toLocaleString, toLocaleDateString, toLocaleTimeString)", () => {
    const offenders = files.filter(({ text }) => /\.toLocale(Date|Time)?String\(/.test(text)).map((f) => f.file);
    expect(offenders).toEqual([]);
  });

  it("Intl date and number formatters are built only where the locale and zone are passed in", () => {
    const offenders = files
      .filter(({ file, text }) => /Intl\.(DateTimeFormat|NumberFormat)\(/.test(text) && !INTL_ALLOWED.has(file))
      .map((f) => f.file);
    expect(offenders).toEqual([]);
  });

  it("toFixed, which ignores the locale's decimal separator, is not used for text people read", () => {
    const offenders = files
      .filter(({ file, text }) => /\.toFixed\(/.test(text) && !TO_FIXED_ALLOWED.has(file))
      .map((f) => f.file);
    expect(offenders).toEqual([]);
  });
});
