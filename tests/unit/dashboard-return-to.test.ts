import { describe, expect, test } from "vitest";
import {
  clearDeliberateSignOut,
  landingWithReturnTo,
  noteDeliberateSignOut,
  safeReturnTo,
  signInRedirect,
} from "@/providers/auth/return-to";
import { SELECT_COMPANY_PATH, SIGNED_IN_LANDING } from "@/providers/auth/sign-in-flow";

describe("the return path after sign-in", () => {
  test("a dashboard path keeps its query", () => {
    expect(safeReturnTo("/label-reports/abc?filter=x%5Beq%5D1")).toBe("/label-reports/abc?filter=x%5Beq%5D1");
  });

  test.each([
    ["another site, protocol-relative", "//evil.example/x"],
    ["another site, absolute", "https://evil.example/x"],
    ["a backslash the browser reads as a slash", "/\\evil.example"],
    ["a script URL", "javascript:alert(1)"],
  ])("an open redirect is refused: %s", (_, raw) => {
    expect(safeReturnTo(raw)).toBeNull();
  });

  test("an account screen is not a return path (no second sign-in)", () => {
    expect(safeReturnTo("/signin?to=/users")).toBeNull();
  });

  test("the usual landing becomes the return path", () => {
    expect(landingWithReturnTo(SIGNED_IN_LANDING, "/users?search=ida")).toBe("/users?search=ida");
  });

  test("the company choice carries the return path along", () => {
    expect(landingWithReturnTo(SELECT_COMPANY_PATH, "/label-reports/abc?x=1")).toBe(
      "/select-company?to=%2Flabel-reports%2Fabc%3Fx%3D1",
    );
  });

  test("an invitation needs no company: it is opened before the company choice", () => {
    expect(landingWithReturnTo(SELECT_COMPANY_PATH, "/confirm-invite?token=t")).toBe("/confirm-invite?token=t");
  });

  test("without a safe return path the provider's answer stands", () => {
    expect(landingWithReturnTo(SIGNED_IN_LANDING, "//evil.example")).toBe(SIGNED_IN_LANDING);
    expect(landingWithReturnTo(SIGNED_IN_LANDING, null)).toBe(SIGNED_IN_LANDING);
  });
});

describe("where a route gate sends a visitor without a session", () => {
  test("a visitor going to a page signs in with that page as the return path", () => {
    clearDeliberateSignOut();
    const to = signInRedirect("/signin", "/label-reports/9c1d?tab=audit");
    expect(new URL(to, "http://x").searchParams.get("to")).toBe("/label-reports/9c1d?tab=audit");
  });

  test("after signing out from the menu, the next sign-in starts at the usual landing", () => {
    noteDeliberateSignOut();
    expect(signInRedirect("/signin", "/settings/profile/update-password")).toBe("/signin");
    clearDeliberateSignOut();
    expect(signInRedirect("/signin", "/settings/profile/update-password")).not.toBe("/signin");
  });
});
