import { describe, expect, test } from "vitest";
import { auditActionLabel, auditChangeText, auditEntityLabel } from "../../core/domain/audit-trail";
import { dayFilters, daysOf } from "../../src/resources/audit-trail/filter-values";

describe("an audit entry as people read it", () => {
  test("a change lists only the fields that differ, old → new", () => {
    expect(auditChangeText({ name: "A", slug: "a" }, { name: "B", slug: "a" })).toBe("name: A → B");
  });

  test("a creation shows what was set, with — as the old value", () => {
    expect(auditChangeText(null, { scopes: ["read"] })).toBe('scopes: — → ["read"]');
  });

  test("a long value is cut with an ellipsis", () => {
    expect(auditChangeText({ note: "x".repeat(50) }, { note: "y" }, 10)).toBe(`note: ${"x".repeat(9)}… → y`);
  });

  test("an unknown entity or action is shown by its code", () => {
    expect(auditEntityLabel("labelPreset")).toBe("Label preset");
    expect(auditEntityLabel("somethingNew")).toBe("somethingNew");
    expect(auditActionLabel("somethingNew")).toBe("somethingNew");
  });
});

describe("the audit trail's days filter", () => {
  test("days are whole days in the zone, the last day included, also across a DST change", () => {
    const filters = dayFilters({ from: "2026-10-24", to: "2026-10-25" }, "Europe/Berlin");
    expect(filters).toEqual([
      { key: "at", operator: "gte", value: "2026-10-23T22:00:00.000Z" },
      { key: "at", operator: "lt", value: "2026-10-25T23:00:00.000Z" },
    ]);
    expect(daysOf(filters, "Europe/Berlin")).toEqual({ from: "2026-10-24", to: "2026-10-25" });
  });

  test("no days, no filter", () => {
    expect(dayFilters(null, "UTC")).toEqual([]);
    expect(daysOf([], "UTC")).toBeNull();
  });
});
