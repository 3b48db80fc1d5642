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
