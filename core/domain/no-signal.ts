/**
 * "No signal": a recording label that has been silent for more than
 * NO_SIGNAL_INTERVALS of its recording intervals plus its company's grace (settings >
 * company, `noSignalGraceMinutes`, default 15 minutes). Three intervals: one missed
 * reading is normal radio loss; the grace covers gateways that upload every few minutes.
 * A label that was never heard of, or has stopped or ended, is not "No signal".
 */
export const NO_SIGNAL_INTERVALS = 3;
const DEFAULT_NO_SIGNAL_GRACE_MINUTES = 15;
export const MAX_NO_SIGNAL_GRACE_MINUTES = 10_080;

const MINUTE_MS = 60_000;

export interface NoSignalInput {
  status: string;
  lastReadingAt: string | number | Date | null;
  intervalMinutes: number;
  graceMinutes?: number;
}

/** Epoch ms from which the label counts as silent, or null when it cannot be. */
export function silentFrom(input: NoSignalInput): number | null {
  if (input.status !== "recording" || input.lastReadingAt === null) return null;
  const last = new Date(input.lastReadingAt).getTime();
  const grace = input.graceMinutes ?? DEFAULT_NO_SIGNAL_GRACE_MINUTES;
  return last + (NO_SIGNAL_INTERVALS * input.intervalMinutes + grace) * MINUTE_MS;
}
