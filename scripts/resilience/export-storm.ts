import { call, signIn } from "./api-client";
import { type Browsing, browseDuringStorm, type Latencies, stormRequest } from "./browsing";

/**
 * An export storm from one API key of one company (20 full-table PDF
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
  baseline: Browsing;
  ok: boolean;
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
  const url = `${baseUrl}/api/label-reports/${report.id}/export?fileType=pdf&includeDataTable=full`;
  const stormer = async (until: number) => {
    while (Date.now() < until) {
      const answer = await stormRequest(url, { headers: keyHeaders }, 200);
      if (answer === "ok" || answer === "refused429") storm[answer]++;
      else storm.other++;
    }
  };
  const { baseline, during } = await browseDuringStorm(baseUrl, browser.headers, seconds, (until) =>
    Array.from({ length: parallel }, () => stormer(until)),
  );
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
