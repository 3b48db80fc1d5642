import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { encodeFilters, includesFilter } from "../../core/domain/list-query";
import { createTestApp, roleTokenFor, type TestApp } from "./support/app";
import { apiKeyOf } from "./support/ingest";
import { buildWorld, MEMBER_ROLES, type World } from "./support/world";

/**
 * The list's company column, filter and sort (a distributor's list spans its
 * sub-companies) and the filters behind the "needs attention" view (`violation`,
 * `dispositioned`). A company filter narrows the caller's companies; it never widens them.
 */

let t: TestApp;
let world: World;
type Row = {
  id: string;
  companyId: string;
  companyName: string;
  disposition: string | null;
  temperatureViolation: boolean;
  humidityViolation: boolean;
  shockViolation: boolean;
};

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db, { reportsPerCompany: 12 });
  // Two of the sub-company's reports belong to the distributor itself: its list spans two companies.
  await t.database.db
    .updateTable("labelReports")
    .set({ companyId: world.companies.distributor })
    .where("id", "in", world.reports.sub.slice(0, 2))
    .execute();
  await t.database.db
    .updateTable("labelReports")
    .set({ disposition: "released" })
    .where("id", "=", world.reports.a[0] as string)
    .execute();
});
afterAll(async () => t?.close());

const as = (key: string, company: keyof World["companies"]) =>
  t.headersFor(world.users[key] as string, world.companies[company]);
const filter = (...filters: Parameters<typeof encodeFilters>[0]) =>
  `filter=${encodeURIComponent(encodeFilters(filters))}`;

async function list(query: string, headers: Record<string, string>) {
  const res = await t.app.inject({ method: "GET", url: `/api/label-reports?pageSize=1000&${query}`, headers });
  return { status: res.statusCode, body: res.json() as { data: Row[]; totalDocuments: number } };
}

describe("the company of a report in a list spanning several companies", () => {
  test("a distributor's list is ordered by company name both ways", async () => {
    const headers = await as("distributor:distributorAdmin", "distributor");
    const up = await list("order=companyName[asc]", headers);
    expect(up.status).toBe(200);
    expect(up.body.data.map((r) => r.companyName)).toEqual(["Distributor", "Distributor", "Sub", "Sub", "Sub"]);
    const down = await list("order=companyName[desc]", headers);
    expect(down.body.data.map((r) => r.companyName)).toEqual(["Sub", "Sub", "Sub", "Distributor", "Distributor"]);
  });

  test("a distributor's list is filtered by company name, and the count agrees", async () => {
    const headers = await as("distributor:distributorAdmin", "distributor");
    const { status, body } = await list(filter({ key: "companyName", operator: "eq", value: "Sub" }), headers);
    expect(status).toBe(200);
    expect(body.data.map((r) => r.companyId)).toEqual(Array(3).fill(world.companies.sub));
    expect(body.totalDocuments).toBe(3);
  });

  test("a foreign company's id as a company filter answers no rows, never that company's reports", async () => {
    const headers = await as("distributor:distributorAdmin", "distributor");
    const foreign = await list(filter({ key: "companyId", operator: "eq", value: world.companies.b }), headers);
    expect(foreign.status).toBe(200);
    expect(foreign.body.data).toEqual([]);
    expect(foreign.body.totalDocuments).toBe(0);
    const mixed = await list(filter(includesFilter("companyId", [world.companies.sub, world.companies.b])), headers);
    expect(new Set(mixed.body.data.map((r) => r.companyId))).toEqual(new Set([world.companies.sub]));
  });

  test("a foreign company's name as a company filter answers no rows", async () => {
    const headers = await as("a:administrator", "a");
    const { status, body } = await list(filter({ key: "companyName", operator: "eq", value: "Bravo" }), headers);
    expect(status).toBe(200);
    expect(body.data).toEqual([]);
  });

  test("a sub-company's id is foreign to the sub-company's sibling customer", async () => {
    const headers = await as("a:user", "a");
    const { body } = await list(filter({ key: "companyId", operator: "eq", value: world.companies.sub }), headers);
    expect(body.data).toEqual([]);
  });
});

describe("the filters of the needs-attention view", () => {
  test("violation[eq]true keeps only reports with a temperature, humidity or shock violation", async () => {
    const headers = await as("a:administrator", "a");
    const { status, body } = await list(filter({ key: "violation", operator: "eq", value: "true" }), headers);
    expect(status).toBe(200);
    expect(body.data.length).toBeGreaterThan(0);
    for (const r of body.data) expect(r.temperatureViolation || r.humidityViolation || r.shockViolation).toBe(true);
    const clear = await list(filter({ key: "violation", operator: "eq", value: "false" }), headers);
    expect(clear.body.data.length).toBeGreaterThan(0);
    expect(clear.body.totalDocuments + body.totalDocuments).toBe(12);
  });

  test("dispositioned[eq]false keeps only reports nobody has signed a disposition for", async () => {
    const headers = await as("a:administrator", "a");
    const { body } = await list(filter({ key: "dispositioned", operator: "eq", value: "false" }), headers);
    expect(body.data.length).toBe(11);
    expect(body.data.every((r) => r.disposition === null)).toBe(true);
    const signed = await list(filter({ key: "dispositioned", operator: "eq", value: "true" }), headers);
    expect(signed.body.data.map((r) => r.id)).toEqual([world.reports.a[0]]);
  });

  test("a non-boolean value of the new filters is 400 naming the filter", async () => {
    const headers = await as("a:administrator", "a");
    const res = await list(filter({ key: "violation", operator: "eq", value: "maybe" }), headers);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain("violation");
  });
});

describe("who may use the company and attention filters", () => {
  const query = () =>
    `${filter(
      { key: "companyName", operator: "eq", value: "Alpha" },
      { key: "violation", operator: "eq", value: "true" },
      { key: "dispositioned", operator: "eq", value: "false" },
    )}&order=companyName[asc]`;

  test.each(MEMBER_ROLES)("a role token of a %s sees only its own company's rows", async (role) => {
    const { status, body } = await list(query(), await as(`a:${role}`, "a"));
    expect(status).toBe(200);
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.every((r) => r.companyId === world.companies.a)).toBe(true);
  });

  test("an impersonation token sees the impersonated company's rows only", async () => {
    const token = await roleTokenFor(t.database.db, t.keys, {
      userId: world.users["b:administrator"] as string,
      companyId: world.companies.b,
      impersonatorUserId: world.users["operator:systemAdmin"] as string,
    });
    const { status, body } = await list(query(), { "api-key": token.secret, jwt: token.jwtToken });
    expect(status).toBe(200);
    // Bravo's reports are not Alpha's: the name filter finds none of them.
    expect(body.data).toEqual([]);
  });

  test("a read API key filters its own company's reports only", async () => {
    const key = await apiKeyOf(t.database.db, world.companies.b, ["read"]);
    const own = await list(filter({ key: "companyName", operator: "eq", value: "Bravo" }), { "api-key": key });
    expect(own.status).toBe(200);
    expect(own.body.data.length).toBe(12);
    const foreign = await list(filter({ key: "companyId", operator: "eq", value: world.companies.a }), {
      "api-key": key,
    });
    expect(foreign.body.data).toEqual([]);
  });

  test("an ingest-only API key may not list reports", async () => {
    const key = await apiKeyOf(t.database.db, world.companies.b, ["ingest"]);
    expect((await list(query(), { "api-key": key })).status).toBe(403);
  });

  test("a request with neither a role token nor an API key is 401", async () => {
    expect((await list(query(), {})).status).toBe(401);
  });
});
