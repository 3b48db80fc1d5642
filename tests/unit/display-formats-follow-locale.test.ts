import { describeAuditEntry } from "@core/domain/audit-text";
import { describe, expect, it } from "vitest";
import { totalText } from "@/components/list/total-text";

describe("numbers on screen follow the chosen locale", () => {
  it("a list's exact total of thousands is grouped as the locale groups them", () => {
    expect(totalText(12_345, false, "de-DE")).toBe("12.345 records");
    expect(totalText(12_345, false)).toBe("12,345 records");
  });

  it("a number changed in the audit trail reads with the locale's decimal comma", () => {
    const text = describeAuditEntry(
      {
        action: "update",
        before: { temperatureMax: 8.5 },
        after: { temperatureMax: 10.25 },
      },
      { format: { timeZone: "UTC", locale: "de-DE" } },
    );
    expect(text.changes[0]).toMatchObject({ before: "8,5", after: "10,25" });
  });
});
