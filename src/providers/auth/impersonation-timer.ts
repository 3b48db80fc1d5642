/**
 * The impersonation watch: a check every 60 seconds, started only
 * when more than 10 minutes remain; below 1 minute left, impersonation stops.
 */

const IMPERSONATION_CHECK_MS = 60_000;
const IMPERSONATION_MIN_START_MS = 10 * 60_000;
const IMPERSONATION_STOP_BELOW_MS = 60_000;

export interface Clock {
  now(): number;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(id: unknown): void;
}

const realClock: Clock = {
  now: () => Date.now(),
  setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
  clearInterval: (id) => globalThis.clearInterval(id as ReturnType<typeof setInterval>),
};

/** Starts watching an impersonation that ends at `expiry` (epoch ms); returns a cancel function. */
export function watchImpersonation(expiry: number, stop: () => void, clock: Clock = realClock): () => void {
  if (expiry - clock.now() <= IMPERSONATION_MIN_START_MS) return () => {};
  const id = clock.setInterval(() => {
    if (expiry - clock.now() < IMPERSONATION_STOP_BELOW_MS) {
      clock.clearInterval(id);
      stop();
    }
  }, IMPERSONATION_CHECK_MS);
  return () => clock.clearInterval(id);
}
