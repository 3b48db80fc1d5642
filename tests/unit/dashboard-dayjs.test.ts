import { describe, expect, it } from "vitest";
import { DATE_FORMAT, dayjs, formatDate, formatDateTime } from "@/providers/dayjs";

describe("dates", () => {
  it("use the US format MM/DD/YYYY", () => {
    expect(DATE_FORMAT).toBe("MM/DD/YYYY");
    expect(formatDate("2026-03-09T12:00:00")).toBe("03/09/2026");
    expect(formatDateTime("2026-03-09T07:05:00")).toBe("03/09/2026 07:05");
    expect(dayjs("2026-03-09").format("L")).toBe("03/09/2026");
  });

  it("weeks start on Monday", () => {
    // Wednesday 11 March 2026 -> Monday 9 March.
    expect(dayjs("2026-03-11").startOf("week").format("YYYY-MM-DD")).toBe("2026-03-09");
  });

  it("weeks are numbered the ISO way", () => {
    expect(dayjs("2026-01-01").isoWeek()).toBe(1);
    expect(dayjs("2027-01-01").isoWeek()).toBe(53);
  });

  it("an empty value formats as empty text", () => {
    expect(formatDate(null)).toBe("");
    expect(formatDateTime(undefined)).toBe("");
  });
});
