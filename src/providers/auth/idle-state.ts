/**
 * Where an idle person stands: active, warned a minute before the sign-out, or past the
 * company's limit. Pure, so it is tested without timers; the watch (idle-watch.tsx) calls it.
 */

export type IdleState = "active" | "warn" | "sign-out";

const WARN_BEFORE_MS = 60_000;

export function idleState(now: number, lastActivity: number | null, minutes: number): IdleState {
  if (lastActivity === null) return "active";
  const idle = now - lastActivity;
  const limit = minutes * 60_000;
  if (idle >= limit) return "sign-out";
  return idle >= limit - WARN_BEFORE_MS ? "warn" : "active";
}
