import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { encodeFilters, type Filter, includesFilter } from "../../core/domain/list-query";
import { pdfText } from "../support/pdf-text";
import { createTestApp, type TestApp } from "./support/app";
import { apiKeyOf } from "./support/ingest";
import { ProtocolClient } from "./support/protocol";
import { buildWorld, setEveryPassword, type World } from "./support/world";

/**
 * GET /api/audit and /api/audit.csv: a company's audit log in the list
 * grammar, for its administrators (a distributor's spanning its sub-companies), and the
 * report PDF's "Include audit trail" option.
 */

let t: TestApp;
let world: World;
let admin: Record<string, string>;
const PASSWORD = "Audit-Trail-2026";
const KEY_ID = "00000000-0000-4000-8000-0000000000aa";

interface Entry {
  id: string;
  at: string;
  entity: string;
  entityId: string | null;
  companyId: string | null;
  action: string;
  actor: string | null;
  actorUserId: string | null;
  impersonated: boolean;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  reason: string | null;
}
interface Page {
  data: Entry[];
  totalDocuments: number;
  after: string | null;
}

interface SeededEntry {
  companyId: string;
  at: string;
  action: string;
  entity: string;
  entityId: string;
  actor?: string;
  impersonator?: string;
  before?: unknown;
  after?: unknown;
  reason?: string;
}

/**
 * Entries written as they were at given times in the past, which recordAudit (always "now",
 * from a principal) cannot: the list's order and date filters need known times.
 */
async function insertEntries(entries: SeededEntry[]) {
  const userId = (key?: string) => (key ? (world.users[key] as string) : null);
  const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));
  await t.database.db
    .insertInto("auditLog")
    .values(
      entries.map(({ at, actor, impersonator, before, after, reason, ...rest }) => ({
        ...rest,
        at: new Date(at),
        actorUserId: userId(actor),
        impersonatorUserId: userId(impersonator),
        before: json(before),
        after: json(after),
        reason: reason ?? null,
      })),
    )
    .execute();
}

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db, { reportsPerCompany: 2 });
  const { a, b, sub, distributor } = world.companies;
  const report = world.reports.a[0] as string;
  await insertEntries([
    {
      companyId: a,
      at: "2026-11-01T10:00:00Z",
      action: "update",
      entity: "labelPreset",
      entityId: world.presets.a,
      actor: "a:administrator",
      before: { name: "Pharma 2-8" },
      after: { name: "Pharma 2-8 °C" },
      reason: "Clearer name",
    },
    {
      companyId: a,
      at: "2026-11-02T10:00:00Z",
      action: "update",
      entity: "labelReport",
      entityId: report,
      actor: "a:user",
      before: { reference: "PO-1" },
      after: { reference: "PO-2" },
    },
    {
      companyId: a,
      at: "2026-11-03T10:00:00Z",
      action: "disposition",
      entity: "labelReport",
      entityId: report,
      actor: "a:user",
      impersonator: "operator:systemAdmin",
      before: { disposition: null },
      after: { disposition: "released" },
      reason: "Checked with the customer",
    },
    {
      companyId: a,
      at: "2026-11-04T10:00:00Z",
      action: "create",
      entity: "apiKey",
      entityId: KEY_ID,
      actor: "a:administrator",
      after: { name: "WMS", scopes: ["read"] },
    },
    {
      companyId: a,
      at: "2026-11-05T10:00:00Z",
      action: "lateReadings",
      entity: "labelReport",
      entityId: report,
      after: { readings: 12 },
    },
    {
      companyId: b,
      at: "2026-11-03T12:00:00Z",
      action: "update",
      entity: "labelReport",
      entityId: world.reports.b[0] as string,
      actor: "b:administrator",
      after: { reference: "BRAVO-SECRET" },
    },
    {
      companyId: sub,
      at: "2026-11-02T12:00:00Z",
      action: "update",
      entity: "labelReport",
      entityId: world.reports.sub[0] as string,
      actor: "sub:administrator",
      after: { reference: "SUB-REF" },
    },
    {
      companyId: distributor,
      at: "2026-11-02T13:00:00Z",
      action: "create",
      entity: "subCompany",
      entityId: sub,
      actor: "distributor:distributorAdmin",
      after: { name: "Sub" },
    },
  ]);
  admin = await as("a:administrator", "a");
});
afterAll(async () => t?.close());

const as = (key: string, company: keyof World["companies"]) =>
  t.headersFor(world.users[key] as string, world.companies[company]);
const filter = (...filters: Filter[]) => `filter=${encodeURIComponent(encodeFilters(filters))}`;
const eq = (key: string, value: string): Filter => ({ key, operator: "eq", value });

function get(query: string, headers: Record<string, string> = admin, path = "/api/audit") {
  return t.app.inject({ method: "GET", url: `${path}?${query}`, headers });
}
async function list(query = "", headers: Record<string, string> = admin): Promise<Page> {
  const res = await get(query, headers);
  expect(res.statusCode).toBe(200);
  return res.json() as Page;
}

describe("the company's audit log", () => {
  test("an administrator reads their company's entries, newest first", async () => {
    const page = await list();
    expect(page.data.map((e) => e.at)).toEqual([
      "2026-11-05T10:00:00.000Z",
      "2026-11-04T10:00:00.000Z",
      "2026-11-03T10:00:00.000Z",
      "2026-11-02T10:00:00.000Z",
      "2026-11-01T10:00:00.000Z",
    ]);
    expect(page.totalDocuments).toBe(5);
  });

  test("an entry names its record, company, actor and change", async () => {
    const page = await list(filter(eq("entity", "labelPreset")));
    expect(page.data).toEqual([
      expect.objectContaining({
        entity: "labelPreset",
        entityId: world.presets.a,
        companyId: world.companies.a,
        action: "update",
        actorUserId: world.users["a:administrator"],
        actor: "a-administrator Tester (a-administrator@test.example)",
        impersonated: false,
        before: { name: "Pharma 2-8" },
        after: { name: "Pharma 2-8 °C" },
        reason: "Clearer name",
      }),
    ]);
  });

  test("order=at[asc] lists oldest first", async () => {
    const page = await list("order=at[asc]");
    expect(page.data.map((e) => e.at.slice(0, 10))).toEqual([
      "2026-11-01",
      "2026-11-02",
      "2026-11-03",
      "2026-11-04",
      "2026-11-05",
    ]);
  });

  test("pages follow each other by page number and by cursor, without overlap", async () => {
    const first = await list("pageSize=2");
    const second = await list("pageSize=2&pageNumber=2");
    const byCursor = await list(`pageSize=2&after=${encodeURIComponent(first.after as string)}`);
    expect(first.data).toHaveLength(2);
    expect(first.totalDocuments).toBe(5);
    expect(second.data.map((e) => e.id)).toEqual(byCursor.data.map((e) => e.id));
    expect(second.data.map((e) => e.id)).not.toContain(first.data[0]?.id);
    const last = await list("pageSize=2&pageNumber=3");
    expect(last.data).toHaveLength(1);
    expect(last.after).toBeNull();
  });

  test("a page past the end is 416", async () => {
    expect((await get("pageSize=2&pageNumber=9")).statusCode).toBe(416);
  });
});

describe("filters of the audit log", () => {
  test("entity[eq] keeps one kind of record", async () => {
    const page = await list(filter(eq("entity", "labelReport")));
    expect(page.data.map((e) => e.entity)).toEqual(["labelReport", "labelReport", "labelReport"]);
  });

  test("entityId[eq] keeps one record's trail", async () => {
    const page = await list(filter(eq("entityId", KEY_ID)));
    expect(page.data.map((e) => e.action)).toEqual(["create"]);
  });

  test("actorUserId[eq] keeps one person's changes", async () => {
    const page = await list(filter(eq("actorUserId", world.users["a:administrator"] as string)));
    expect(page.data.map((e) => e.entity)).toEqual(["apiKey", "labelPreset"]);
  });

  test("actor[ilike] searches the actor's name and e-mail", async () => {
    const page = await list(filter({ key: "actor", operator: "ilike", value: "A-USER" }));
    expect(page.data.map((e) => e.action)).toEqual(["disposition", "update"]);
  });

  test("actor[ilike] finds support's changes by the operator's name", async () => {
    const page = await list(filter({ key: "actor", operator: "ilike", value: "operator-systemAdmin" }));
    expect(page.data.map((e) => e.action)).toEqual(["disposition"]);
  });

  test("action[eq] keeps one action", async () => {
    const page = await list(filter(eq("action", "create")));
    expect(page.data.map((e) => e.entity)).toEqual(["apiKey"]);
  });

  test("action[in] (includes) keeps any of several actions", async () => {
    const page = await list(filter(includesFilter("action", ["create", "lateReadings"])));
    expect(page.data.map((e) => e.action)).toEqual(["lateReadings", "create"]);
  });

  test("at[gte] and at[lte] keep a time range, both ends included", async () => {
    const page = await list(
      filter(
        { key: "at", operator: "gte", value: "2026-11-02T10:00:00Z" },
        { key: "at", operator: "lte", value: "2026-11-04T10:00:00Z" },
      ),
    );
    expect(page.data.map((e) => e.at.slice(0, 10))).toEqual(["2026-11-04", "2026-11-03", "2026-11-02"]);
    expect(page.totalDocuments).toBe(3);
  });

  test("a bad filter value is 400 naming the field and what it must be", async () => {
    const res = await get(filter({ key: "at", operator: "gte", value: "yesterday" }));
    expect(res.statusCode).toBe(400);
    expect(res.json().formFields).toEqual([{ id: "filter", error: "'at' must be an ISO 8601 date or date-time" }]);
  });

  test("an unknown filter key is 400", async () => {
    const res = await get(filter(eq("before", "x")));
    expect(res.statusCode).toBe(400);
    expect(res.json().formFields).toEqual([{ id: "filter", error: "Unknown filter key 'before'" }]);
  });

  test("an operator a field does not take is 400", async () => {
    const res = await get(filter({ key: "actorUserId", operator: "ilike", value: "x" }));
    expect(res.statusCode).toBe(400);
    expect(res.json().formFields).toEqual([
      { id: "filter", error: "Operator 'ilike' is not allowed on 'actorUserId'" },
    ]);
  });
});

describe("impersonation in the audit log", () => {
  test("support's change reads 'ColdChain support — <operator's name> (on behalf of …)', never their e-mail", async () => {
    const page = await list(filter(eq("action", "disposition")));
    const shown = page.data[0] as Entry;
    expect(shown.impersonated).toBe(true);
    expect(shown.actor).toBe("ColdChain support — operator-systemAdmin Tester (on behalf of a-user Tester)");
    expect(JSON.stringify(page)).not.toContain("operator-systemAdmin@test.example");
  });

  test("an administrator impersonated by support reads the log (as the other admin settings reads are allowed)", async () => {
    const system = await as("operator:systemAdmin", "operator");
    const started = await t.app.inject({
      method: "POST",
      url: "/api/auth/impersonate",
      headers: system,
      payload: { userId: world.users["a:administrator"], companyId: world.companies.a },
    });
    expect(started.statusCode).toBe(200);
    const { secret, jwtToken } = started.json().roleToken;
    const page = await list("", { "api-key": secret, jwt: jwtToken });
    expect(page.data.every((e) => e.companyId === world.companies.a)).toBe(true);
  });
});

describe("who may read the audit log", () => {
  test("an administrator's signed-in session reads it (200)", async () => {
    await setEveryPassword(t.database.db, PASSWORD);
    const client = new ProtocolClient(t.app);
    await client.signIn("a-administrator@test.example", PASSWORD);
    await client.companyToken(world.companies.a);
    expect((await get("", client.sessionHeaders)).statusCode).toBe(200);
  });

  test("a non-administrator's signed-in session is refused (403)", async () => {
    await setEveryPassword(t.database.db, PASSWORD);
    const client = new ProtocolClient(t.app);
    await client.signIn("a-user@test.example", PASSWORD);
    await client.companyToken(world.companies.a);
    expect((await get("", client.sessionHeaders)).statusCode).toBe(403);
  });

  for (const [role, status] of [
    ["administrator", 200],
    ["distributorAdmin", 200],
    ["user", 403],
    ["handler", 403],
    ["subHandler", 403],
    ["systemAdmin", 403],
  ] as const) {
    test(`a ${role}'s role token gets ${status}`, async () => {
      expect((await get("", await as(`a:${role}`, "a"))).statusCode).toBe(status);
    });
  }

  for (const scopes of [["read"], ["ingest"], ["read", "ingest"]]) {
    test(`an API key with scopes ${scopes.join("+")} is refused (403)`, async () => {
      const key = await apiKeyOf(t.database.db, world.companies.a, scopes);
      expect((await get("", { "api-key": key })).statusCode).toBe(403);
      expect((await get("", { "api-key": key }, "/api/audit.csv")).statusCode).toBe(403);
    });
  }

  test("without credentials the log is 401", async () => {
    expect((await get("", {})).statusCode).toBe(401);
    expect((await get("", {}, "/api/audit.csv")).statusCode).toBe(401);
  });
});

describe("companies in the audit log", () => {
  test("a foreign company's entries never appear", async () => {
    const page = await list("pageSize=100");
    expect(page.data.every((e) => e.companyId === world.companies.a)).toBe(true);
    expect(JSON.stringify(page)).not.toContain("BRAVO-SECRET");
  });

  test("companyId[eq] of a foreign company answers no rows, as the report list does", async () => {
    const page = await list(filter(eq("companyId", world.companies.b)));
    expect(page.data).toEqual([]);
    expect(page.totalDocuments).toBe(0);
  });

  test("a distributor's administrator reads their own and their sub-companies' entries", async () => {
    const page = await list("", await as("distributor:distributorAdmin", "distributor"));
    expect(new Set(page.data.map((e) => e.companyId))).toEqual(
      new Set([world.companies.distributor, world.companies.sub]),
    );
  });

  test("a distributor narrows the log to one sub-company with companyId[eq]", async () => {
    const headers = await as("distributor:distributorAdmin", "distributor");
    const page = await list(filter(eq("companyId", world.companies.sub)), headers);
    expect(page.data.map((e) => e.after)).toEqual([{ reference: "SUB-REF" }]);
  });

  test("a sub-company's administrator does not read the distributor's entries", async () => {
    const page = await list("", await as("sub:administrator", "sub"));
    expect(page.data.map((e) => e.companyId)).toEqual([world.companies.sub]);
  });
});

describe("the audit log as CSV", () => {
  test("the CSV has a header row, then one row per entry of the filtered list", async () => {
    const res = await get(filter(eq("entity", "labelReport")), admin, "/api/audit.csv");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="audit-trail-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body.split("\r\n").filter(Boolean);
    expect(lines[0]).toBe("time_utc,company_id,entity,entity_id,action,actor,change,reason,before,after");
    expect(lines.slice(1).map((line) => line.slice(0, 10))).toEqual(["2026-11-05", "2026-11-03", "2026-11-02"]);
    expect(lines[2]).toContain("ColdChain support — operator-systemAdmin Tester (on behalf of a-user Tester)");
    expect(lines[2]).toContain("Disposition: — → Released");
  });

  test("a bad filter on the CSV is 400, before any row is sent", async () => {
    const res = await get(filter({ key: "at", operator: "lte", value: "2026-02-30" }), admin, "/api/audit.csv");
    expect(res.statusCode).toBe(400);
  });

  test("the CSV of a role without the right is 403", async () => {
    expect((await get("", await as("a:user", "a"), "/api/audit.csv")).statusCode).toBe(403);
  });
});

describe("the report PDF's audit trail", () => {
  const pdf = async (query: string) => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/label-reports/${world.reports.a[0]}/export?${query}`,
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    return (await pdfText(res.rawPayload)).replace(/\s+/g, " ");
  };

  test("with includeAuditTrail=true the PDF ends with the report's 'Audit trail'", async () => {
    const text = await pdf("includeAuditTrail=true");
    expect(text).toContain("Audit trail");
    expect(text).toContain("Disposition signed");
    expect(text).toContain("Reason: Checked with the customer");
    expect(text).toContain("ColdChain support — operator-systemAdmin Tester (on behalf of a-user Tester)");
  });

  test("without the option the PDF has no audit trail", async () => {
    expect(await pdf("")).not.toContain("Audit trail");
  });

  test("includeAuditTrail takes only true or false (400)", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/label-reports/${world.reports.a[0]}/export?includeAuditTrail=yes`,
      headers: admin,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().formFields).toEqual([{ id: "includeAuditTrail", error: "must be true or false" }]);
  });
});
