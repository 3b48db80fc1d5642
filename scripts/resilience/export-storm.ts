import { call, signIn } from "./api-client";

/**
 * Issue #16 item 4: an export storm from one API key of one company (20 full-table PDF
 * downloads in flight; a refused one is asked again after at most a second, whatever
 * Retry-After says) while a person of a second company browses: list page 1 and
 * /api/health, one after the other. Their p99 must stay under the budget. The same
 * browsing without the storm is measured first, as the machine's baseline.
 */

export const STORM_BUDGET_MS = 200;

export interface StormResult {
  seconds: number;
  storm: { parallel: number; reportReadings: number; ok: number; refused429: number; other: number };
  list: Latencies;
  health: Latencies;
  baseline: { list: Latencies; health: Latencies };
  ok: boolean;
}

export interface Latencies {
  requests: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  failures: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number) : 0;

export function summarise(times: number[], failures: number): Latencies {
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

/** The storm company's report with the most readings among the first ones of its list. */
async function longestReport(
  baseUrl: string,
  headers: Record<string, string>,
): Promise<{ id: string; readings: number }> {
  const list = await call(baseUrl, headers, "GET", "/api/label-reports?pageSize=50&filter=");
  const ids = (JSON.parse(list.body) as { data: { id: string }[] }).data.map((r) => r.id);
  let best = { id: ids[0] ?? "", readings: -1 };
  for (const id of ids) {
    const res = await call(baseUrl, headers, "GET", `/api/label-reports/${id}/readings?maxPoints=10`);
    if (res.status !== 200) continue;
    const total = (JSON.parse(res.body) as { total?: number }).total ?? 0;
    if (total > best.readings) best = { id, readings: total };
  }
  if (!best.id) throw new Error("The storm company has no reports");
  return best;
}

export async function exportStorm(options: {
  baseUrl: string;
  password: string;
  storm: { email: string; company: string };
  browser: { email: string; company: string };
  seconds: number;
  parallel?: number;
}): Promise<StormResult> {
  const { baseUrl, seconds } = options;
  const parallel = options.parallel ?? 20;
  const owner = await signIn(baseUrl, options.storm.email, options.password, options.storm.company);
  const created = await call(baseUrl, owner.headers, "POST", "/api/api-keys", { name: "resilience export storm" });
  if (created.status !== 201) throw new Error(`Creating the storm's API key: HTTP ${created.status} ${created.body}`);
  const keyHeaders = { "api-key": (JSON.parse(created.body) as { key: string }).key };
  const report = await longestReport(baseUrl, keyHeaders);
  const browser = await signIn(baseUrl, options.browser.email, options.password, options.browser.company);

  const storm = { parallel, reportReadings: report.readings, ok: 0, refused429: 0, other: 0 };
  const stormer = async () => {
    while (Date.now() < until) {
      try {
        const res = await fetch(`${baseUrl}/api/label-reports/${report.id}/export?fileType=pdf&includeDataTable=full`, {
          headers: keyHeaders,
        });
        await res.arrayBuffer();
        if (res.status === 200) storm.ok++;
        else if (res.status === 429) {
          storm.refused429++;
          // Not a tight loop of refusals: that is a request flood, another attack than this one.
          const wait = Math.min(1, Number(res.headers.get("retry-after")) || 1);
          await new Promise((resolve) => setTimeout(resolve, wait * 1000));
        } else storm.other++;
      } catch {
        storm.other++;
      }
    }
  };

  const timed = async (path: string, headers: Record<string, string>, into: number[]): Promise<boolean> => {
    const started = performance.now();
    try {
      const res = await fetch(`${baseUrl}${path}`, { headers });
      await res.arrayBuffer();
      into.push(performance.now() - started);
      return res.status === 200;
    } catch {
      into.push(performance.now() - started);
      return false;
    }
  };
  const browse = async (delayMs: number, end: number) => {
    const listTimes: number[] = [];
    const healthTimes: number[] = [];
    let listFailures = 0;
    let healthFailures = 0;
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    while (Date.now() < end) {
      if (!(await timed("/api/label-reports?pageNumber=1", browser.headers, listTimes))) listFailures++;
      if (!(await timed("/api/health", {}, healthTimes))) healthFailures++;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return { list: summarise(listTimes, listFailures), health: summarise(healthTimes, healthFailures) };
  };

  const baseline = await browse(0, Date.now() + Math.min(10, seconds) * 1000);
  const until = Date.now() + seconds * 1000;
  // The storm gets going for a second first: what is measured is browsing during it.
  const [during] = await Promise.all([browse(1000, until), ...Array.from({ length: parallel }, stormer)]);
  const { list, health } = during;
  return {
    seconds,
    storm,
    list,
    health,
    baseline,
    ok:
      list.p99Ms < STORM_BUDGET_MS &&
      health.p99Ms < STORM_BUDGET_MS &&
      list.failures === 0 &&
      health.failures === 0 &&
      storm.other === 0,
  };
}
