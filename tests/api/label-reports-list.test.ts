import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { encodeFilters, includesFilter } from "../../core/domain/list-query";
import { createTestApp, type TestApp } from "./support/app";
import { buildWorld, type World } from "./support/world";

let t: TestApp;
let world: World;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db);
  headers = await t.headersFor(world.users["a:user"] as string, world.companies.a);
});
afterAll(async () => t?.close());

async function list(query = "", h: Record<string, string> = headers) {
  const res = await t.app.inject({ method: "GET", url: `/api/label-reports${query}`, headers: h });
  return { status: res.statusCode, body: res.json() };
}

describe("authentication of data requests", () => {
  test("a list call without a role token is 401", async () => {
    const { status } = await list("", {});
    expect(status).toBe(401);
  });

  test("a role token with the wrong secret is 401", async () => {
    const { status } = await list("", { ...headers, "api-key": "not-the-secret" });
    expect(status).toBe(401);
  });

  test("a tampered role JWT is 401", async () => {
    const [h, p, s] = (headers.jwt as string).split(".");
    const payload = JSON.parse(Buffer.from(p as string, "base64url").toString());
    payload.cid = world.companies.b;
    const forged = [h, Buffer.from(JSON.stringify(payload)).toString("base64url"), s].join(".");
    const { status } = await list("", { ...headers, jwt: forged });
    expect(status).toBe(401);
  });

  test("a database selector other than postgres is 400 naming the header", async () => {
    const { status, body } = await list("", { ...headers, "x-database": "mysql" });
    expect(status).toBe(400);
    expect(body.formFields).toEqual([{ id: "x-database", error: expect.any(String) }]);
  });

  test("a removed role stops its token at once", async () => {
    const userId = world.users["a:handler"] as string;
    const h = await t.headersFor(userId, world.companies.a);
    expect((await list("", h)).status).toBe(200);
    await t.database.db.deleteFrom("userRoles").where("userId", "=", userId).execute();
    expect((await list("", h)).status).toBe(401);
  });
});

describe("the default label-reports list", () => {
  test("shows only the caller's company", async () => {
    const { body } = await list("?pageSize=1000");
    expect(body.data.length).toBeGreaterThan(0);
    expect(new Set(body.data.map((r: { companyId: string }) => r.companyId))).toEqual(new Set([world.companies.a]));
  });

  test("has 25 rows per page", async () => {
    const { body } = await list();
    expect(body.data).toHaveLength(25);
  });

  test("is ordered newest first", async () => {
    const { body } = await list();
    const created = body.data.map((r: { created: string }) => Date.parse(r.created));
    expect(created).toEqual([...created].sort((x, y) => y - x));
    expect(body.data[0].id).toBe(world.reports.a[0]);
  });

  test("leaves archived reports out when no filter is sent", async () => {
    const { body } = await list("?pageSize=1000");
    expect(body.data.every((r: { isArchived: boolean }) => !r.isArchived)).toBe(true);
    expect(body.totalDocuments).toBe(54); // 60 reports, every tenth archived
  });

  test("an explicit empty filter shows archived reports too", async () => {
    const { body } = await list("?filter=&pageSize=1000");
    expect(body.totalDocuments).toBe(60);
  });

  test("a filter on the preset's name pages and counts the reports of that preset", async () => {
    const filter = (name: string) => `?pageSize=5&filter=${encodeURIComponent(`presetName[eq]${name}`)}`;
    const { status, body } = await list(filter("Pharma 2-8"));
    expect(status).toBe(200);
    expect(body.data).toHaveLength(5);
    expect(body.totalDocuments).toBe(60); // every report of company a, archived too (the filter replaces the default)
    expect((await list(filter("No such preset"))).body.totalDocuments).toBe(0);
  });

  test("a later filter on the same key replaces an earlier one", async () => {
    const only = (status: string) => list(`?pageSize=1000&filter=${encodeURIComponent(`status[eq]${status}`)}`);
    const both = await list(`?pageSize=1000&filter=${encodeURIComponent("status[eq]recording,status[eq]ended")}`);
    expect(both.status).toBe(200);
    expect(both.body.totalDocuments).toBe((await only("ended")).body.totalDocuments);
    expect(both.body.totalDocuments).toBeGreaterThan(0);
    expect(both.body.data.every((r: { status: string }) => r.status === "ended")).toBe(true);
  });

  test("totalDocuments counts every matching report, not the page", async () => {
    const { body } = await list("?pageSize=5");
    expect(body.data).toHaveLength(5);
    expect(body.totalDocuments).toBe(54);
  });
});

describe("a list asked again in the same state", () => {
  // The server keeps a list's compiled statement text (server/lists/page-statement.ts):
  // what it keeps must be the statement, never the rows or another company's scope.
  test("shows a change made between the two asks", async () => {
    const before = await list("?pageSize=5");
    const first = before.body.data[0] as { id: string; reference: string };
    await t.database.db
      .updateTable("labelReports")
      .set({ reference: "Asked again" })
      .where("id", "=", first.id)
      .execute();
    try {
      const after = await list("?pageSize=5");
      expect(after.body.data[0]).toMatchObject({ id: first.id, reference: "Asked again" });
    } finally {
      await t.database.db
        .updateTable("labelReports")
        .set({ reference: first.reference })
        .where("id", "=", first.id)
        .execute();
    }
  });

  test("gives each company its own rows for the same query", async () => {
    const query = `?pageSize=50&filter=${encodeURIComponent("status[eq]ended")}`;
    const alpha = await list(query);
    const bravo = await list(query, await t.headersFor(world.users["b:user"] as string, world.companies.b));
    expect(alpha.body.data.length).toBeGreaterThan(0);
    expect(bravo.body.data.length).toBeGreaterThan(0);
    expect(new Set(alpha.body.data.map((r: { companyId: string }) => r.companyId))).toEqual(
      new Set([world.companies.a]),
    );
    expect(new Set(bravo.body.data.map((r: { companyId: string }) => r.companyId))).toEqual(
      new Set([world.companies.b]),
    );
  });
});

describe("paging", () => {
  test("a page number past the end is 416", async () => {
    const { status } = await list("?pageNumber=4");
    expect(status).toBe(416);
  });

  test("the last partial page is served", async () => {
    const { status, body } = await list("?pageNumber=3");
    expect(status).toBe(200);
    expect(body.data).toHaveLength(4);
    expect(body.after).toBeNull();
  });

  test("page 1 of an empty result is an empty list, not 416", async () => {
    const { status, body } = await list(`?filter=${encodeURIComponent("labelId[eq]nothing")}`);
    expect(status).toBe(200);
    expect(body).toEqual({ data: [], totalDocuments: 0, after: null });
  });

  test("following the after cursor gives the same rows as page numbers", async () => {
    const byNumber = [(await list("?pageNumber=1&pageSize=10")).body, (await list("?pageNumber=2&pageSize=10")).body];
    const second = await list(`?pageSize=10&after=${encodeURIComponent(byNumber[0].after)}`);
    expect(second.body.data.map((r: { id: string }) => r.id)).toEqual(
      byNumber[1].data.map((r: { id: string }) => r.id),
    );
  });

  test("cursor paging over a key with missing values (nulls last) visits every row once", async () => {
    const ids = world.reports.a.slice(5, 9);
    await t.database.db.updateTable("labelReports").set({ startTime: null }).where("id", "in", ids).execute();
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const q: string = `?filter=&order=startTime[asc]&pageSize=7${after ? `&after=${encodeURIComponent(after)}` : ""}`;
      const { body } = await list(q);
      seen.push(...body.data.map((r: { id: string }) => r.id));
      after = body.after;
    } while (after);
    expect(seen).toHaveLength(60);
    expect(new Set(seen).size).toBe(60);
    expect(seen.slice(-4).sort()).toEqual([...ids].sort());
  });

  test("a cursor made for another order is 400", async () => {
    const first = await list("?pageSize=10");
    const { status, body } = await list(
      `?pageSize=10&order=labelId[asc]&after=${encodeURIComponent(first.body.after)}`,
    );
    expect(status).toBe(400);
    expect(body.formFields[0].id).toBe("after");
  });

  test("a page size above 10,000 is 400 naming pageSize", async () => {
    const { status, body } = await list("?pageSize=20000");
    expect(status).toBe(400);
    expect(body.formFields[0].id).toBe("pageSize");
  });
});

describe("filters and orders", () => {
  const q = (filter: string, extra = "") => `?filter=${encodeURIComponent(filter)}&pageSize=1000${extra}`;

  test("an unknown filter key is 400 naming the key", async () => {
    const { status, body } = await list(q("password[eq]x"));
    expect(status).toBe(400);
    expect(body.formFields[0]).toEqual({ id: "filter", error: "Unknown filter key 'password'" });
  });

  test("an unknown operator is 400", async () => {
    const { status } = await list(q("labelId[regex]x"));
    expect(status).toBe(400);
  });

  test("an operator not allowed on the field's type is 400", async () => {
    const { status } = await list(q("isArchived[like]tru"));
    expect(status).toBe(400);
  });

  test("a value of the wrong type is 400", async () => {
    expect((await list(q("created[gte]yesterday"))).status).toBe(400);
    expect((await list(q("status[eq]lost"))).status).toBe(400);
  });

  test("an SQL injection attempt in a value is just a value", async () => {
    const { status, body } = await list(q("labelId[eq]'; DROP TABLE companies; --"));
    expect(status).toBe(200);
    expect(body.totalDocuments).toBe(0);
    const companies = await t.database.db.selectFrom("companies").select("id").execute();
    expect(companies.length).toBe(5);
  });

  test("eq on status keeps only that status", async () => {
    const { body } = await list(q("status[eq]recording"));
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.every((r: { status: string }) => r.status === "recording")).toBe(true);
  });

  test("includes on status keeps any of the listed statuses", async () => {
    const { body } = await list(q(encodeFilters([includesFilter("status", ["recording", "stopped"])])));
    const statuses = new Set(body.data.map((r: { status: string }) => r.status));
    expect(statuses).toEqual(new Set(["recording", "stopped"]));
  });

  test("includes on status ordered by status gives the same reports, grouped by status in order", async () => {
    // The filter on the order's first key is written differently (with a range bound); the rows must not change.
    const filter = encodeFilters([includesFilter("status", ["stopped", "notStarted", "recording"])]);
    const plain = await list(q(filter));
    const ordered = await list(q(filter, "&order=status[asc],created[desc]"));
    const ids = (b: { data: { id: string }[] }) => b.data.map((r) => r.id).sort();
    expect(ordered.body.totalDocuments).toBe(plain.body.totalDocuments);
    expect(ids(ordered.body)).toEqual(ids(plain.body));
    const statuses = ordered.body.data.map((r: { status: string }) => r.status);
    expect(statuses).toEqual([...statuses].sort());
    expect(new Set(statuses).size).toBeGreaterThan(1);
  });

  test("ilike searches case-insensitively inside the text", async () => {
    const { body } = await list(q("labelId[ilike]a-001"));
    const expected = Array.from({ length: 10 }, (_, i) => `A-001${i}`);
    expect(body.data.map((r: { labelId: string }) => r.labelId).sort()).toEqual(expected);
  });

  test("like is case-sensitive", async () => {
    expect((await list(q("labelId[like]a-001"))).body.totalDocuments).toBe(0);
    expect((await list(q("labelId[like]A-001"))).body.totalDocuments).toBe(10);
  });

  test("% and _ in a search match literally", async () => {
    expect((await list(q("labelId[ilike]%"))).body.totalDocuments).toBe(0);
    expect((await list(q("labelId[ilike]A_00"))).body.totalDocuments).toBe(0);
  });

  test("a boolean violation filter keeps only violating reports", async () => {
    const { body } = await list(q("isArchived[eq]false,temperatureViolation[eq]true"));
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.every((r: { temperatureViolation: boolean }) => r.temperatureViolation)).toBe(true);
  });

  test("a date range filter keeps reports created inside it", async () => {
    const from = "2026-10-31T12:00:00.000Z";
    const { body } = await list(q(`created[gte]${from},created[lt]2026-11-01T00:00:00.000Z`, "&order=created[asc]"));
    expect(body.totalDocuments).toBe(12); // hourly reports over the 12 hours before the anchor
    expect(body.data.every((r: { created: string }) => r.created >= from)).toBe(true);
  });

  test("order by labelId ascending", async () => {
    const { body } = await list("?order=labelId[asc]&pageSize=5");
    expect(body.data.map((r: { labelId: string }) => r.labelId)).toEqual([
      "A-0000",
      "A-0001",
      "A-0002",
      "A-0003",
      "A-0004",
    ]);
  });

  test("an unknown order key is 400", async () => {
    const { status, body } = await list("?order=secret[asc]");
    expect(status).toBe(400);
    expect(body.formFields[0].id).toBe("order");
  });

  test("an unknown query parameter is 400 naming it", async () => {
    const { status, body } = await list("?pagesize=5");
    expect(status).toBe(400);
    expect(body.formFields[0].id).toBe("pagesize");
  });
});

describe("company isolation of single reports", () => {
  test("a report of another company is 404", async () => {
    const res = await t.app.inject({ method: "GET", url: `/api/label-reports/${world.reports.b[0]}`, headers });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain("B-0000");
  });

  test("a distributor administrator sees its sub-companies' reports", async () => {
    const h = await t.headersFor(world.users["distributor:distributorAdmin"] as string, world.companies.distributor);
    const { body } = await list("?pageSize=100", h);
    expect(body.data.map((r: { companyId: string }) => r.companyId)).toContain(world.companies.sub);
  });

  test("archiving a report of another company is 404 and changes nothing", async () => {
    const h = await t.headersFor(world.users["a:administrator"] as string, world.companies.a);
    const id = world.reports.b[0] as string;
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/label-reports/${id}`,
      headers: h,
      payload: { isArchived: true, reason: "Shipment cancelled before loading" },
    });
    expect(res.statusCode).toBe(404);
    const row = await t.database.db
      .selectFrom("labelReports")
      .select("isArchived")
      .where("id", "=", id)
      .executeTakeFirst();
    expect(row?.isArchived).toBe(false);
  });

  test("archiving a report records who did it in the audit log", async () => {
    const userId = world.users["a:administrator"] as string;
    const h = await t.headersFor(userId, world.companies.a);
    const id = world.reports.a[1] as string;
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/label-reports/${id}`,
      headers: h,
      payload: { isArchived: true, reason: "Shipment cancelled before loading" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().isArchived).toBe(true);
    const audit = await t.database.db.selectFrom("auditLog").selectAll().where("entityId", "=", id).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorUserId: userId,
      action: "update",
      before: { isArchived: false },
      after: { isArchived: true },
    });
    await t.app.inject({
      method: "PATCH",
      url: `/api/label-reports/${id}`,
      headers: h,
      payload: { isArchived: false },
    });
  });

  test("a bad body is 400 with a message per field", async () => {
    const h = await t.headersFor(world.users["a:administrator"] as string, world.companies.a);
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/label-reports/${world.reports.a[2]}`,
      headers: h,
      payload: { isArchived: "yes", colour: "red" },
    });
    expect(res.statusCode).toBe(400);
    const ids = res
      .json()
      .formFields.map((f: { id: string }) => f.id)
      .sort();
    expect(ids).toEqual(["colour", "isArchived"]);
  });
});
