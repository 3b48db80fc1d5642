import fc from "fast-check";

/**
 * Hostile requests against the running server on PostgreSQL (the API tests cover
 * PGlite and a fresh PostgreSQL database; this one runs against the big data set):
 * classic payloads in list filters, orders, pages and ids. None may be a 5xx or leak
 * a stack trace or SQL.
 */

const CLASSICS = [
  "'; DROP TABLE label_reports; --",
  "1 OR 1=1",
  "__proto__",
  "constructor",
  "toString",
  "../../etc/passwd",
  "..%2F..%2Fetc",
  "<img src=x onerror=alert(1)>",
  "\u0001\u001f",
  "𝔘𝔫𝔦𝔠𝔬𝔡𝔢 ☃",
  "%00",
  "%",
  "_",
  "\\",
  "a".repeat(3000),
  "9".repeat(40),
  "-1",
  "NaN",
];

const text = fc.oneof(fc.constantFrom(...CLASSICS), fc.string({ maxLength: 40 }));
const key = fc.oneof(fc.constantFrom("status", "labelId", "created", "isArchived", "temperatureViolation"), text);
const operator = fc.oneof(fc.constantFrom("eq", "ne", "gt", "lt", "gte", "lte", "like", "ilike", "includes"), text);

const listPath = fc
  .record({
    filter: fc.option(fc.tuple(key, operator, text).map(([k, o, v]) => `${k}[${o}]${v}`)),
    order: fc.option(fc.tuple(key, fc.constantFrom("asc", "desc", "x")).map(([k, d]) => `${k}[${d}]`)),
    pageNumber: fc.option(fc.oneof(text, fc.integer({ min: -5, max: 100_000 }).map(String))),
    pageSize: fc.option(fc.oneof(text, fc.integer({ min: -5, max: 20_000 }).map(String))),
    after: fc.option(text),
  })
  .map((q) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(q)) if (v !== null) params.set(k, v);
    return `/api/label-reports?${params}`;
  });
const idPath = fc
  .tuple(text, fc.constantFrom("", "/readings", "/shock-events", "/audit"))
  .map(([id, tail]) => `/api/label-reports/${encodeURIComponent(id) || "x"}${tail}`);

export interface HostileResult {
  tried: number;
  broken: number;
  examples: string[];
}

export async function hostileRequests(
  baseUrl: string,
  headers: Record<string, string>,
  count: number,
): Promise<HostileResult> {
  const paths = fc.sample(fc.oneof(listPath, idPath), { numRuns: count, seed: 7 });
  let broken = 0;
  const examples: string[] = [];
  for (const path of paths) {
    const res = await fetch(`${baseUrl}${path}`, { headers });
    const body = await res.text();
    const leak = /\bat .+\.(ts|js):\d+/.test(body) || /syntax error|relation "|column "/i.test(body);
    if (res.status >= 500 || leak) {
      broken++;
      if (examples.length < 5) examples.push(`${res.status} ${path.slice(0, 200)}`);
    }
  }
  return { tried: paths.length, broken, examples };
}
