import autocannon from "autocannon";
import { mulberry32 } from "../../server/seed/prng";

/**
 * The load run: autocannon against the label-reports list with mixed filters, pages
 * and orders, and report opens (detail + readings), as many dashboards would.
 */

export interface LoadOptions {
  baseUrl: string;
  headers: Record<string, string>;
  /** Report ids to open (some with readings). */
  reportIds: string[];
  connections: number;
  seconds: number;
}

export interface LoadResult {
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCounts: Record<string, number>;
  connections: number;
  seconds: number;
}

const FILTERS = [
  null,
  "isArchived[eq]false",
  "status[eq]ended",
  "status[includes]recording|stopped",
  "temperatureViolation[eq]true",
  "transportMode[eq]plane,isArchived[eq]false",
  "labelId[ilike]12",
  "reference[ilike]PO",
  "created[gte]2026-01-01T00:00:00.000Z",
  "humidityViolation[eq]true,status[eq]ended",
  "",
];
const ORDERS = [
  null,
  "created[desc]",
  "created[asc]",
  "labelId[asc]",
  "status[asc],created[desc]",
  "endTime[desc]",
  "temperatureViolation[desc],created[desc]",
];
const PAGE_SIZES = [25, 25, 25, 50, 100];

/** One request path; deterministic for a seed so two runs ask the same mix. */
function requestGenerator(reportIds: string[], seed = 42): () => string {
  const random = mulberry32(seed);
  const rng = () => random.next();
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rng() * items.length)] as T;
  return () => {
    const roll = rng();
    if (roll < 0.6 || reportIds.length === 0) {
      const params = new URLSearchParams();
      const filter = pick(FILTERS);
      const order = pick(ORDERS);
      if (filter !== null) params.set("filter", filter);
      if (order !== null) params.set("order", order);
      params.set("pageSize", String(pick(PAGE_SIZES)));
      // Mostly the first pages, as people use lists; sometimes a deeper one.
      params.set("pageNumber", String(rng() < 0.8 ? 1 + Math.floor(rng() * 3) : 4 + Math.floor(rng() * 40)));
      return `/api/label-reports?${params}`;
    }
    const id = pick(reportIds);
    return roll < 0.8 ? `/api/label-reports/${id}` : `/api/label-reports/${id}/readings?maxPoints=500`;
  };
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const next = requestGenerator(options.reportIds);
  const statusCounts: Record<string, number> = {};
  let instance: autocannon.Instance | undefined;
  const done = new Promise<autocannon.Result>((resolveResult, reject) => {
    instance = autocannon(
      {
        url: options.baseUrl,
        connections: options.connections,
        duration: options.seconds,
        headers: options.headers,
        timeout: 30,
        requests: [
          {
            method: "GET",
            setupRequest: (request) => ({ ...request, path: next() }),
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolveResult(result)),
    );
  });
  instance?.on("response", (_client, statusCode) => {
    const key = String(statusCode);
    statusCounts[key] = (statusCounts[key] ?? 0) + 1;
  });
  const result = await done;
  // 416 (a deep page past the end of a filtered list) is an answer the dashboard expects.
  const unexpected = Object.entries(statusCounts)
    .filter(([status]) => !status.startsWith("2") && status !== "416")
    .reduce((sum, [, n]) => sum + n, 0);
  return {
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: unexpected,
    statusCounts,
    connections: options.connections,
    seconds: options.seconds,
  };
}
