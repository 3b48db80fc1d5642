import { describe, expect, test } from "vitest";
import { isDashboardPath, isSharePath, isVisitorPath } from "@/components/routing/visitor-paths";

describe("which shell a path opens", () => {
  test("a share link opens its own page, not the dashboard (whose boot it must not wait for)", () => {
    expect(isSharePath("/share/abc")).toBe(true);
    expect(isDashboardPath("/share/abc")).toBe(false);
  });

  test("the sign-in screens open the auth shell, not the dashboard", () => {
    expect(isVisitorPath("/signin")).toBe(true);
    expect(isDashboardPath("/signin")).toBe(false);
  });

  test("every other path opens the dashboard", () => {
    for (const path of ["/", "/label-reports", "/label-reports/x", "/label-presets", "/shared"])
      expect(isDashboardPath(path), path).toBe(true);
  });
});
