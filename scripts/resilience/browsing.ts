/**
 * What a person of another company feels during a storm: list page 1 and /api/health,
 * one after the other, 50 ms apart, timed. The same browsing without the storm is
 * measured first, as the machine's baseline. Shared by the export and EPCIS storms.
 */

export interface Latencies {
  requests: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  failures: number;
}

export interface Browsing {
  list: Latencies;
  health: Latencies;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number) : 0;

function summarise(times: number[], failures: number): Latencies {
  const sorted = [...times].sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    requests: times.length,
    p50Ms: round(percentile(sorted, 50)),
    p99Ms: round(percentile(sorted, 99)),
    maxMs: round(sorted.at(-1) ?? 0),
    failures,
  };
}

async function timed(url: string, headers: Record<string, string>, into: number[]): Promise<boolean> {
  const started = performance.now();
  try {
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    into.push(performance.now() - started);
    return res.status === 200;
  } catch {
    into.push(performance.now() - started);
    return false;
  }
}

async function browse(baseUrl: string, headers: Record<string, string>, delayMs: number, end: number) {
  const listTimes: number[] = [];
  const healthTimes: number[] = [];
  let listFailures = 0;
  let healthFailures = 0;
  await new Promise((resolve) => setTimeout(resolve, delayMs));
  while (Date.now() < end) {
    if (!(await timed(`${baseUrl}/api/label-reports?pageNumber=1`, headers, listTimes))) listFailures++;
    if (!(await timed(`${baseUrl}/api/health`, {}, healthTimes))) healthFailures++;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { list: summarise(listTimes, listFailures), health: summarise(healthTimes, healthFailures) };
}

/**
 * The baseline (browsing alone for at most 10 s), then browsing during the storm that
 * `senders` start and keep up until the time they are given; browsing starts a second
 * into the storm, so what is measured is the storm at full strength.
 */
export async function browseDuringStorm(
  baseUrl: string,
  headers: Record<string, string>,
  seconds: number,
  senders: (until: number) => Promise<void>[],
): Promise<{ baseline: Browsing; during: Browsing }> {
  const baseline = await browse(baseUrl, headers, 0, Date.now() + Math.min(10, seconds) * 1000);
  const until = Date.now() + seconds * 1000;
  const [during] = await Promise.all([browse(baseUrl, headers, 1000, until), ...senders(until)]);
  return { baseline, during };
}

export type StormAnswer = "ok" | "refused400" | "refused429" | "other";

/**
 * One request of a storm, by how it was answered. A refusal (429) waits what Retry-After
 * asks, at most a second: a tight loop of refusals is a request flood, another attack.
 */
export async function stormRequest(url: string, init: RequestInit, okStatus: number): Promise<StormAnswer> {
  try {
    const res = await fetch(url, init);
    await res.arrayBuffer();
    if (res.status === okStatus) return "ok";
    if (res.status === 400) return "refused400";
    if (res.status !== 429) return "other";
    const wait = Math.min(1, Number(res.headers.get("retry-after")) || 1);
    await new Promise((resolve) => setTimeout(resolve, wait * 1000));
    return "refused429";
  } catch {
    return "other";
  }
}
