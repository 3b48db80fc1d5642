import { describe, expect, test } from "vitest";
import { describeAuditEntry } from "../../core/domain/audit-text";
import { closingErrors, deviationContentText, deviationNumber, releaseRefusal } from "../../core/domain/deviations";

const format = { timeZone: "UTC", locale: "en-US" };

describe("deviations", () => {
  test("a deviation's number is DEV, the year and its place in the year, four digits", () => {
    expect(deviationNumber(2026, 42)).toBe("DEV-2026-0042");
    expect(deviationNumber(2027, 12345)).toBe("DEV-2027-12345");
  });

  test("closing needs the root cause and the product impact, blanks counting as empty", () => {
    expect(closingErrors({ rootCause: "  ", productImpact: "" }).map((error) => error.id)).toEqual([
      "rootCause",
      "productImpact",
    ]);
    expect(closingErrors({ rootCause: "Door open", productImpact: "None" })).toEqual([]);
  });

  test("a release is refused naming every open alarm and deviation, and allowed with none", () => {
    const refusal = releaseRefusal({
      openAlarms: [{ id: "a1", title: "Temperature above" }],
      openDeviations: [{ id: "d1", number: "DEV-2026-0001" }],
    });
    expect(refusal).toContain('open alarm "Temperature above"');
    expect(refusal).toContain("open deviation DEV-2026-0001");
    expect(releaseRefusal({ openAlarms: [], openDeviations: [] })).toBeNull();
  });

  test("the signed text does not depend on the order the alarms were linked in", () => {
    const content = {
      id: "d",
      number: "DEV-2026-0001",
      reportId: "r",
      title: "t",
      description: "",
      rootCause: "c",
      productImpact: "i",
      capaReference: "",
    };
    expect(deviationContentText({ ...content, alarmIds: ["b", "a"] })).toBe(
      deviationContentText({ ...content, alarmIds: ["a", "b"] }),
    );
  });

  test("a deviation's trail entry is titled with its number, and its state reads as words", () => {
    const text = describeAuditEntry(
      {
        action: "deviationChange",
        before: { deviationId: "d", deviation: "DEV-2026-0003", state: "open" },
        after: { deviationId: "d", deviation: "DEV-2026-0003", state: "underInvestigation" },
      },
      { format },
    );
    expect(text).toEqual({
      title: "Deviation changed: DEV-2026-0003",
      changes: [{ field: "State", before: "Open", after: "Under investigation" }],
    });
  });
});
