import { describe, expect, it } from "vitest";
import { dayjs } from "@/providers/dayjs";

describe("dates", () => {
  it("use the US format MM/DD/YYYY", () => {
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
});
