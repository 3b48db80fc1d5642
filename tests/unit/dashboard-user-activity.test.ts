// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import type { IdleState } from "@/providers/auth/idle-state";
import { watchIdle } from "@/providers/auth/idle-watch";
import { authRequestHeaders } from "@/providers/auth/supertokens";
import { forgetActivity, LAST_ACTIVITY_KEY, lastActivity, noteActivity } from "@/providers/auth/user-activity";

/** The dashboard's record of user actions and the watch that signs out after the company's limit. */

const MINUTE = 60_000;
const start = Date.parse("2026-11-28T09:00:00Z");

beforeEach(() => {
  vi.useFakeTimers({ now: start });
  localStorage.clear();
  forgetActivity();
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify({ inactivitySignOutMinutes: 30 }), { status: 200 })),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  forgetActivity();
});

describe("the last user action", () => {
  test("is shared through local storage: another tab's later action counts here", () => {
    noteActivity(start);
    localStorage.setItem(LAST_ACTIVITY_KEY, String(start + 5 * MINUTE));
    expect(lastActivity()).toBe(start + 5 * MINUTE);
  });

  test("goes with the session refresh, and only with it", async () => {
    noteActivity(start);
    const refresh = await authRequestHeaders({
      action: "REFRESH_SESSION",
      url: "/api/auth/session/refresh",
      requestInit: {},
    });
    expect(new Headers(refresh.requestInit.headers).get("last-activity")).toBe(String(start));
    const signIn = await authRequestHeaders({
      action: "EMAIL_PASSWORD_SIGN_IN",
      url: "/api/auth/signin",
      requestInit: {},
    });
    expect(new Headers(signIn.requestInit.headers).has("last-activity")).toBe(false);
  });
});

describe("the idle watch", () => {
  function watch() {
    const states: IdleState[] = [];
    const signOut = vi.fn();
    const stop = watchIdle({ onState: (s) => states.push(s), signOut });
    return { states, signOut, stop };
  }

  test("warns a minute before the limit and signs out at it, without any action", () => {
    noteActivity(Date.now());
    const { states, signOut, stop } = watch();
    vi.advanceTimersByTime(29 * MINUTE + 5_000);
    expect(states.at(-1)).toBe("warn");
    expect(signOut).not.toHaveBeenCalled();
    vi.advanceTimersByTime(MINUTE);
    expect(signOut).toHaveBeenCalledExactlyOnceWith(30);
    vi.advanceTimersByTime(10 * MINUTE);
    expect(signOut).toHaveBeenCalledTimes(1);
    stop();
  });

  test("a key press, a pointer press or the wheel keeps the person signed in", () => {
    noteActivity(Date.now());
    const { states, signOut, stop } = watch();
    for (const event of [new KeyboardEvent("keydown"), new Event("pointerdown"), new WheelEvent("wheel")]) {
      vi.advanceTimersByTime(29 * MINUTE + 5_000);
      expect(states.at(-1)).toBe("warn");
      window.dispatchEvent(event);
      expect(states.at(-1)).toBe("active");
    }
    expect(signOut).not.toHaveBeenCalled();
    stop();
  });

  test("an action in another tab dismisses the warning", () => {
    noteActivity(Date.now());
    const { states, stop } = watch();
    vi.advanceTimersByTime(29 * MINUTE + 5_000);
    expect(states.at(-1)).toBe("warn");
    localStorage.setItem(LAST_ACTIVITY_KEY, String(Date.now()));
    window.dispatchEvent(new StorageEvent("storage", { key: LAST_ACTIVITY_KEY }));
    expect(states.at(-1)).toBe("active");
    stop();
  });

  test("an action after the limit (a machine waking up) signs out instead of reviving the session", () => {
    noteActivity(Date.now());
    const { signOut, stop } = watch();
    stop();
    vi.setSystemTime(Date.now() + 45 * MINUTE);
    const again = watch();
    expect(again.signOut).toHaveBeenCalledExactlyOnceWith(30);
    expect(signOut).not.toHaveBeenCalled();
  });
});

test("an action never moves the shared last action back", () => {
  localStorage.setItem(LAST_ACTIVITY_KEY, String(start + 10 * MINUTE));
  noteActivity(start);
  expect(lastActivity()).toBe(start + 10 * MINUTE);
});
