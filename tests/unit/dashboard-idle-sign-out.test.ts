import { afterEach, describe, expect, test } from "vitest";
import { idleState } from "@/providers/auth/idle-state";
import {
  clearDeliberateSignOut,
  noteDeliberateSignOut,
  noteIdleSignOut,
  noteSessionEnded,
  signInRedirect,
} from "@/providers/auth/return-to";

/** The dashboard's side of signing out after inactivity. */

const MINUTE = 60_000;
const start = Date.parse("2026-11-28T09:00:00Z");

describe("where an idle person stands", () => {
  test.each([
    [0, "active"],
    [28.9, "active"],
    [29, "warn"],
    [29.99, "warn"],
    [30, "sign-out"],
    [240, "sign-out"],
  ] as const)("after %s minutes without an action (limit 30): %s", (idle, state) => {
    expect(idleState(start + idle * MINUTE, start, 30)).toBe(state);
  });

  test("the company's own limit applies", () => {
    expect(idleState(start + 6 * MINUTE, start, 5)).toBe("sign-out");
    expect(idleState(start + 200 * MINUTE, start, 240)).toBe("active");
  });

  test("before any action nobody is signed out", () => {
    expect(idleState(start, null, 5)).toBe("active");
  });
});

describe("the sign-in page after an inactivity sign-out", () => {
  afterEach(() => clearDeliberateSignOut());

  test("keeps the page to return to and says why", () => {
    noteIdleSignOut(30);
    expect(signInRedirect("/signin", "/label-reports?filter=a")).toBe(
      "/signin?to=%2Flabel-reports%3Ffilter%3Da&idle=30",
    );
    expect(signInRedirect("/signin", "/")).toBe("/signin?idle=30");
  });

  test("a sign-out from the menu afterwards, or the next sign-in, drops the reason", () => {
    noteIdleSignOut(30);
    noteDeliberateSignOut();
    expect(signInRedirect("/signin", "/users")).toBe("/signin");
    noteIdleSignOut(45);
    clearDeliberateSignOut();
    expect(signInRedirect("/signin", "/users")).toBe("/signin?to=%2Fusers");
  });
});

describe("the sign-in page after the session ended elsewhere", () => {
  afterEach(() => clearDeliberateSignOut());

  test("keeps the page to return to and says the session ended", () => {
    noteSessionEnded();
    expect(signInRedirect("/signin", "/users")).toBe("/signin?to=%2Fusers&ended=1");
  });

  test("a sign-out the person chose is not a session that ended under them", () => {
    noteDeliberateSignOut();
    noteSessionEnded();
    expect(signInRedirect("/signin", "/users")).toBe("/signin");
  });
});
