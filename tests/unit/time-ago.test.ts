import { describe, expect, test } from "vitest";
import { timeAgo } from "../../core/domain/time-ago";

const now = Date.parse("2026-11-24T12:00:00Z");

describe("time ago", () => {
  test("says how long ago in the coarsest whole unit", () => {
    expect(timeAgo("2026-11-24T11:48:00Z", now)).toBe("12 min ago");
    expect(timeAgo("2026-11-24T09:30:00Z", now)).toBe("2 h ago");
    expect(timeAgo("2026-11-23T11:00:00Z", now)).toBe("1 day ago");
    expect(timeAgo("2026-11-20T12:00:00Z", now)).toBe("4 days ago");
  });

  test("less than a minute, or a clock slightly ahead, is just now", () => {
    expect(timeAgo("2026-11-24T11:59:30Z", now)).toBe("just now");
    expect(timeAgo("2026-11-24T12:01:00Z", now)).toBe("just now");
  });
});
