import type { SessionActivityAnswer } from "@core/api/session-activity";
import { LAST_ACTIVITY_HEADER } from "@core/domain/session-inactivity";
import { apiUrl } from "../api-url";
import { serverNow } from "./front-token";
import { type IdleState, idleState } from "./idle-state";
import {
  inactivityMinutes,
  LAST_ACTIVITY_KEY,
  lastActivity,
  noteActivity,
  rememberInactivityMinutes,
} from "./user-activity";

/**
 * Watches a signed-in person's actions and signs them out after the company's inactivity limit
 *. Only a person's actions count: a pointer press, a key,
 * typing, the wheel, a touch, the tab coming back into view. Not `scroll`: the dashboard scrolls
 * by itself (restoring a position), and a person's scrolling comes by wheel, key or touch anyway.
 * The check runs on the page's own clock (Date.now and setInterval), so a moved clock moves it.
 */

/** Often enough that a sign-out lands within seconds of the limit; a tab in the background is throttled anyway. */
const CHECK_EVERY_MS = 5_000;
/** The server hears of actions at most this often (the refresh also carries the latest one). */
const REPORT_EVERY_MS = 5 * 60_000;
const ACTION_EVENTS = ["pointerdown", "keydown", "input", "wheel", "touchstart"] as const;

/** Tells the server of the last action and learns the company's limit; null when it cannot say. */
async function reportActivity(): Promise<number | null> {
  const last = lastActivity();
  try {
    const response = await fetch(`${apiUrl()}/auth/session/activity`, {
      method: "POST",
      credentials: "include",
      headers: last === null ? {} : { [LAST_ACTIVITY_HEADER]: String(Math.round(serverNow(last))) },
    });
    if (!response.ok) return null;
    const body = (await response.json()) as Partial<SessionActivityAnswer>;
    return typeof body.inactivitySignOutMinutes === "number" ? body.inactivitySignOutMinutes : null;
  } catch {
    return null;
  }
}

/** The last-activity header value of a session refresh, in the server's time; null before any action. */
export function lastActivityHeaderValue(): string | null {
  const last = lastActivity();
  return last === null ? null : String(Math.round(serverNow(last)));
}

/** Whether this page load's opening has counted as an action already. */
let pageOpeningNoted = false;

export interface IdleWatchOptions {
  /** Called with the state after every check (the warning shows on "warn"). */
  onState(state: IdleState): void;
  /** Signs the person out; called once. */
  signOut(minutes: number): void;
}

/** Starts watching; returns the function that stops it. */
export function watchIdle({ onState, signOut }: IdleWatchOptions): () => void {
  let minutes = inactivityMinutes();
  let ended = false;
  let lastReport = Number.NEGATIVE_INFINITY;

  const check = () => {
    if (ended) return;
    const state = idleState(Date.now(), lastActivity(), minutes);
    if (state === "sign-out") {
      ended = true;
      stop();
      onState("active");
      signOut(minutes);
      return;
    }
    onState(state);
  };

  const report = () => {
    lastReport = Date.now();
    void reportActivity().then((learnt) => {
      if (learnt === null || ended) return;
      minutes = learnt;
      rememberInactivityMinutes(learnt);
      check();
    });
  };

  const onAction = () => {
    const now = Date.now();
    // An action after the limit (a laptop waking up) does not revive the session: it signs out.
    if (idleState(now, lastActivity(), minutes) === "sign-out") return check();
    noteActivity(now);
    check();
    if (now - lastReport >= REPORT_EVERY_MS) report();
  };
  const onVisibility = () => {
    if (document.visibilityState === "visible") onAction();
  };
  // Another tab's action dismisses this tab's warning at once.
  const onStorage = (event: StorageEvent) => {
    if (event.key === LAST_ACTIVITY_KEY) check();
  };

  const options = { capture: true, passive: true } as const;
  for (const type of ACTION_EVENTS) window.addEventListener(type, onAction, options);
  document.addEventListener("visibilitychange", onVisibility);
  window.addEventListener("storage", onStorage);
  const timer = setInterval(check, CHECK_EVERY_MS);

  function stop() {
    clearInterval(timer);
    for (const type of ACTION_EVENTS) window.removeEventListener(type, onAction, options);
    document.removeEventListener("visibilitychange", onVisibility);
    window.removeEventListener("storage", onStorage);
  }

  // Opening the dashboard (a page load) is an action, unless the last one is already too long
  // ago (a page reloaded after the limit): then it signs out as the timer would have. A watch
  // started again in the same page (a remount) is no action of the person's.
  if (idleState(Date.now(), lastActivity(), minutes) === "sign-out") check();
  else {
    if (!pageOpeningNoted) noteActivity(Date.now());
    pageOpeningNoted = true;
    report();
  }
  return () => {
    ended = true;
    stop();
  };
}
