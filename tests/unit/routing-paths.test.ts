import { describe, expect, test } from "vitest";
import { isDashboardPath, isSharePath, isVisitorPath } from "../../core/routes/visitor-paths";

describe("which shell a path opens", () => {
  test("a share link opens its own page, not the dashboard (whose boot it must not wait for)", () => {
    expect(isSharePath("/share/abc")).toBe(true);
    expect(isDashboardPath("/share/abc")).toBe(false);
  });

  test("the sign-in screens open the auth shell, not the dashboard", () => {
    expect(isVisitorPath("/signin")).toBe(true);
    expect(isDashboardPath("/signin")).toBe(false);
  });

  test("a sign-in provider's callback opens the auth shell whatever the provider, and a trailing slash changes nothing", () => {
    expect(isVisitorPath("/auth/callback/google")).toBe(true);
    expect(isVisitorPath("/signin/")).toBe(true);
    expect(isVisitorPath("/auth/callback/")).toBe(false);
    expect(isVisitorPath("/signin/verify/extra")).toBe(false);
  });

  test("every other path opens the dashboard", () => {
    for (const path of ["/", "/label-reports", "/label-reports/x", "/label-presets", "/shared"])
      expect(isDashboardPath(path), path).toBe(true);
  });
});
