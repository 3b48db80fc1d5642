/** Latency figures of one measure, in milliseconds. */
export interface Latency {
  /** Timed runs done: the planned number, unless the time cap stopped the measure early. */
  runs: number;
  /** Timed runs planned; more than `runs` when capped. */
  planned?: number;
  p50: number;
  p99: number;
  min: number;
  max: number;
}

/** Nearest-rank percentile of already measured values (p in 0..100). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1] as number;
}

export function summarise(values: readonly number[]): Latency {
  return {
    runs: values.length,
    p50: percentile(values, 50),
    p99: percentile(values, 99),
    min: Math.min(...values),
    max: Math.max(...values),
  };
}

export interface SampleOptions {
  warmup: number;
  runs: number;
  /**
   * Time cap of the whole measure (warm-up included), so that a very slow figure cannot
   * stretch the benchmark past its time limit: warm-up stops after a quarter of it, and
   * past it the timed runs stop once `minRuns` are done. The figure then says how many
   * runs it has.
   */
  maxMs?: number;
  minRuns?: number;
}

/**
 * Runs `fn` `warmup` times untimed, then `runs` times one after another, timing each
 * call with performance.now(). Returns the timings and the last call's result.
 */
export async function sample<T>(
  fn: () => Promise<T>,
  { warmup, runs, maxMs = Number.POSITIVE_INFINITY, minRuns = 5 }: SampleOptions,
): Promise<{ latency: Latency; last: T }> {
  const started = performance.now();
  const deadline = started + maxMs;
  // Warm-up takes at most a quarter of the cap (at least one call), leaving the rest for timed runs.
  const warmupDeadline = started + maxMs / 4;
  let last: T | undefined;
  for (let i = 0; i < warmup && (i === 0 || performance.now() < warmupDeadline); i++) last = await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    if (i >= minRuns && performance.now() >= deadline) break;
    const started = performance.now();
    last = await fn();
    times.push(performance.now() - started);
  }
  return { latency: { ...summarise(times), planned: runs }, last: last as T };
}

export interface Throughput {
  concurrency: number;
  seconds: number;
  requests: number;
  errors: number;
  perSecond: number;
  latency: Latency;
}

export const ms = (value: number): string =>
  Number.isFinite(value)
    ? `${value < 10 ? value.toFixed(2) : value < 100 ? value.toFixed(1) : value.toFixed(0)} ms`
    : "-";

export const bytes = (value: number): string => {
  // Decimal units, as Vite prints them.
  if (value < 1000) return `${value} B`;
  if (value < 1_000_000) return `${(value / 1000).toFixed(1)} kB`;
  return `${(value / 1_000_000).toFixed(2)} MB`;
};

export const count = (value: number): string => value.toLocaleString("en-US");
