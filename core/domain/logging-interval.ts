/**
 * The interval a label really logged at: the median spacing of its readings (those with
 * a temperature or humidity value), in whole seconds. A label's clock rarely matches the
 * rule's interval (a 1-minute logger under a 5-minute rule), and the verdict's clock
 * (excursions.ts seriesClock) takes it from here.
 *
 * Kept as a histogram of spacings (whole seconds → how many) so a batch of readings
 * updates it by adding and removing spacings, without reading the report again.
 */

export type SpacingHistogram = Record<string, number>;

/** A label's interval differs from its rule's when it is more than this far off, as a share. */
const INTERVAL_MISMATCH = 0.2;

/** Adds (sign 1) or removes (sign −1) the spacings between consecutive times (sorted). */
export function countSpacings(histogram: SpacingHistogram, times: readonly number[], sign: 1 | -1): void {
  for (let i = 1; i < times.length; i++) addSpacing(histogram, (times[i] as number) - (times[i - 1] as number), sign);
}

export function addSpacing(histogram: SpacingHistogram, spacingMs: number, sign: 1 | -1): void {
  const key = String(Math.round(spacingMs / 1000));
  const count = (Object.hasOwn(histogram, key) ? (histogram[key] as number) : 0) + sign;
  if (count === 0) delete histogram[key];
  else histogram[key] = count;
}

/**
 * The median spacing in ms (the lower median) to two significant digits of a second
 * (299 s and 301 s are 300 s, 61 s stays 61 s), or null with fewer than two readings:
 * a clock that wobbles by a second must not change the verdict's clock batch by batch.
 */
export function medianSpacingMs(histogram: SpacingHistogram): number | null {
  const seconds = medianSeconds(histogram);
  if (seconds === null) return null;
  if (seconds === 0) return 0;
  const magnitude = 10 ** Math.max(0, Math.floor(Math.log10(seconds)) - 1);
  return Math.round(seconds / magnitude) * magnitude * 1000;
}

function medianSeconds(histogram: SpacingHistogram): number | null {
  const entries = Object.entries(histogram)
    .map(([seconds, count]) => [Number(seconds), count] as const)
    .sort((a, b) => a[0] - b[0]);
  const total = entries.reduce((sum, [, count]) => sum + count, 0);
  if (total === 0) return null;
  let seen = 0;
  for (const [seconds, count] of entries) {
    seen += count;
    if (seen * 2 >= total) return seconds;
  }
  return null;
}

/** Whether the label's interval is more than INTERVAL_MISMATCH away from the rule's. */
export function intervalMismatch(labelMinutes: number | null, ruleMinutes: number): boolean {
  return (
    labelMinutes !== null && ruleMinutes > 0 && Math.abs(labelMinutes - ruleMinutes) / ruleMinutes > INTERVAL_MISMATCH
  );
}
