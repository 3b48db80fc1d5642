import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type TestApp } from "./support/app";
import { changedTables, databaseFingerprint } from "./support/db-fingerprint";
import { buildWorld, type World } from "./support/world";

/**
 * Hostile input against every route: arbitrary JSON bodies, query strings and path
 * values never produce a 500, a stack trace or SQL in the answer. Bounded runs, so
 * this stays in `npm test`.
 */

let t: TestApp;
let world: World;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db, { reportsPerCompany: 3 });
  headers = await t.headersFor(world.users["operator:systemAdmin"] as string, world.companies.operator);
});
afterAll(async () => t?.close());

const CLASSICS = [
  "'; DROP TABLE companies; --",
  "1 OR 1=1",
  "__proto__",
  "constructor",
  "../../etc/passwd",
  "<script>alert(1)</script>",
  "\u0000\u0001\u001f",
  "𝔘𝔫𝔦𝔠𝔬𝔡𝔢 ☃",
  "%00%2e%2e%2f",
  "a".repeat(5000),
];

const text = fc.oneof(fc.constantFrom(...CLASSICS), fc.string({ unit: "binary", maxLength: 60 }));
const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    text,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(fc.oneof(text, fc.constantFrom("__proto__", "constructor", "prototype")), tie("value"), {
      maxKeys: 5,
    }),
  ),
})).value;

function looksBroken(status: number, body: string): string | null {
  if (status >= 500) return `status ${status}`;
  if (/\bat .+\.(ts|js):\d+/.test(body)) return "stack trace";
  if (/\b(select|insert|update|delete)\b.+\b(from|into|set)\b/i.test(body) && /syntax|relation|column/i.test(body))
    return "SQL";
  return null;
}

describe("hostile input never breaks a route", () => {
  test("arbitrary JSON bodies, path values and query strings on every route", async () => {
    const routes = t.app.routeTable.filter((r) => r.url.startsWith("/api/"));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        json,
        text,
        fc.dictionary(
          fc.constantFrom(
            "filter",
            "order",
            "pageNumber",
            "pageSize",
            "after",
            "from",
            "to",
            "maxPoints",
            "email",
            "x",
          ),
          text,
          { maxKeys: 3 },
        ),
        async (route, body, pathValue, query) => {
          const url = route.url.replace(/:[A-Za-z]+/g, encodeURIComponent(pathValue) || "x");
          const isWrite = route.method !== "GET";
          const before = isWrite ? await databaseFingerprint(t.database.db) : {};
          const res = await t.app.inject({
            method: route.method as "POST",
            url,
            query,
            headers,
            ...(route.method === "GET" || route.method === "DELETE" ? {} : { payload: body as object }),
          });
          expect(looksBroken(res.statusCode, res.body), `${route.method} ${url}`).toBeNull();
          // A refused write leaves no trace: every table holds exactly what it held before.
          if (isWrite && res.statusCode >= 400) {
            const after = await databaseFingerprint(t.database.db);
            expect(changedTables(before, after), `${route.method} ${url} -> ${res.statusCode}`).toEqual([]);
          }
        },
      ),
      { numRuns: Number(process.env.HOSTILE_RUNS ?? 300) },
    );
    // Each refused write is followed by a fingerprint of every table: allow for it on a busy machine.
  }, 180_000);

  test("a body over 1 MB is refused with 413", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/label-presets",
      headers,
      payload: { name: "x".repeat(1_100_000) },
    });
    expect(res.statusCode).toBe(413);
  });

  test("prototype-pollution keys in a body pollute nothing", async () => {
    await t.app.inject({
      method: "PATCH",
      url: `/api/label-reports/${world.reports.a[0]}`,
      headers,
      payload: JSON.parse('{"customFields":{"__proto__":{"polluted":true}}}'),
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  test("a script in a name is stored as text and answered as JSON, never as HTML", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/label-presets",
      headers,
      payload: { name: "<script>alert(1)</script>" },
    });
    expect(res.headers["content-type"]).toContain("application/json");
    expect(res.json().name).toBe("<script>alert(1)</script>");
  });
});

describe("NUL characters", () => {
  test("a NUL character in a query value is a 400 naming the field, not a database error", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/auth/emailpassword/email/exists?email=%00x" });
    expect(res.statusCode).toBe(400);
    expect(res.json().formFields).toEqual([{ id: "email", error: "must not contain NUL characters" }]);
  });

  test("a NUL character deep in a body is a 400 naming its path", async () => {
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/label-reports/${world.reports.a[0]}`,
      headers,
      payload: { customFields: { batch: "B\u00001" } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().formFields[0].id).toBe("customFields.batch");
  });
});
