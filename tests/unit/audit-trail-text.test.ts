import { describe, expect, test } from "vitest";
import { auditChangeText, describeAuditEntry } from "../../core/domain/audit-text";
import { auditActionLabel, auditEntityLabel } from "../../core/domain/audit-trail";
import { dayFilters, daysOf } from "../../src/components/list/day-range";

const UTC = { format: { timeZone: "UTC" } };

describe("an audit entry as people read it", () => {
  test("a change lists only the fields that differ, by their names, old → new", () => {
    expect(
      auditChangeText({ action: "update", before: { name: "A", slug: "a" }, after: { name: "B", slug: "a" } }, UTC),
    ).toBe("Name: A → B");
  });

  test("a field named in code reads as words", () => {
    const text = describeAuditEntry(
      { entity: "labelPreset", action: "update", before: { temperatureMax: 8 }, after: { temperatureMax: 9 } },
      UTC,
    );
    expect(text.changes[0]?.field).toBe("Temperature max");
  });

  test("a creation shows what was set, with — as the old value, a list as words", () => {
    expect(
      auditChangeText({ action: "create", entity: "apiKey", before: null, after: { scopes: ["read", "ingest"] } }, UTC),
    ).toBe("Scopes: — → read, ingest");
  });

  test("numbers are grouped as the reader's locale groups them", () => {
    const entry = { action: "update", before: { value: 99500 }, after: { value: 1234567.891 } };
    expect(auditChangeText(entry, UTC)).toBe("Value: 99,500 → 1,234,567.891");
    expect(auditChangeText(entry, { format: { timeZone: "UTC", locale: "de-DE" } })).toBe(
      "Value: 99.500 → 1.234.567,891",
    );
  });

  test("a long value is cut with an ellipsis", () => {
    expect(
      auditChangeText(
        { action: "update", before: { note: "x".repeat(50) }, after: { note: "y" } },
        { ...UTC, maxLength: 10 },
      ),
    ).toBe(`Note: ${"x".repeat(9)}… → y`);
  });

  test("a report that ended reads as such, its status in words and its end in the reader's zone", () => {
    const text = describeAuditEntry(
      {
        action: "stop",
        before: { status: "recording" },
        after: { status: "ended", endTime: "2026-11-02T10:00:00.000Z" },
      },
      { format: { timeZone: "Europe/Berlin" } },
    );
    expect(text).toEqual({
      title: "Report ended",
      changes: [
        { field: "Status", before: "Recording", after: "Ended" },
        { field: "End", before: "—", after: "11/02/2026, 11:00" },
      ],
    });
  });

  test("a share link reads as one sentence with its expiry date, never its id", () => {
    const created = describeAuditEntry(
      {
        action: "shareLinkCreate",
        before: null,
        after: { shareLink: "a036ed8d-1111-4000-8000-000000000000", expiresAt: "2026-12-27T10:00:00.000Z" },
      },
      UTC,
    );
    expect(created).toEqual({ title: "Share link created, expires 12/27/2026, 10:00", changes: [] });
  });

  test("an unknown entity or action is shown by its code", () => {
    expect(auditEntityLabel("labelPreset")).toBe("Label preset");
    expect(auditEntityLabel("somethingNew")).toBe("somethingNew");
    expect(auditActionLabel("somethingNew")).toBe("somethingNew");
  });
});

describe("the audit trail's days filter", () => {
  test("days are whole days in the zone, the last day included, also across a DST change", () => {
    const filters = dayFilters("at", { from: "2026-10-24", to: "2026-10-25" }, "Europe/Berlin");
    expect(filters).toEqual([
      { key: "at", operator: "gte", value: "2026-10-23T22:00:00.000Z" },
      { key: "at", operator: "lt", value: "2026-10-25T23:00:00.000Z" },
    ]);
    expect(daysOf("at", filters, "Europe/Berlin")).toEqual({ from: "2026-10-24", to: "2026-10-25" });
  });

  test("no days, no filter", () => {
    expect(dayFilters("at", null, "UTC")).toEqual([]);
    expect(daysOf("at", [], "UTC")).toBeNull();
  });
});

test("an acknowledged alarm reads by what raised it, its state in words and no ids", () => {
  const text = describeAuditEntry(
    {
      action: "alarmAcknowledge",
      before: { alarmId: "a1", state: "open" },
      after: {
        alarmId: "a1",
        state: "acknowledged",
        kind: "band",
        unit: "temperature",
        severity: "alarm",
        triggeredAt: "2026-11-02T10:00:00.000Z",
      },
    },
    { format: { timeZone: "UTC" } },
  );
  expect(text.title).toBe("Alarm acknowledged: Temperature alarm");
  expect(text.changes).toEqual([
    { field: "State", before: "Open", after: "Acknowledged" },
    { field: "Severity", before: "—", after: "Alarm" },
    { field: "Raised", before: "—", after: "11/02/2026, 10:00" },
  ]);
});
