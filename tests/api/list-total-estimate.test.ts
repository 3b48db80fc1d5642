import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type TestApp } from "./support/app";
import { buildWorld, type World } from "./support/world";

// Company a has 60 reports, 54 of them not archived (the default list).
const VISIBLE = 54;

let t: TestApp;
let world: World;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db);
  headers = await t.headersFor(world.users["a:user"] as string, world.companies.a);
});
afterAll(async () => t?.close());
afterEach(() => {
  delete process.env.LIST_EXACT_COUNT_LIMIT;
});

async function list(query = "") {
  const res = await t.app.inject({ method: "GET", url: `/api/label-reports${query}`, headers });
  return { status: res.statusCode, body: res.json() };
}

describe("totalDocuments: exact up to the limit, estimated beyond it", () => {
  test("a list no longer than the limit has its exact total and no estimate flag", async () => {
    process.env.LIST_EXACT_COUNT_LIMIT = String(VISIBLE);
    const { body } = await list();
    expect(body.totalDocuments).toBe(VISIBLE);
    expect(body).not.toHaveProperty("totalIsEstimate");
  });

  test("a list longer than the limit is flagged as an estimate of more than the limit", async () => {
    process.env.LIST_EXACT_COUNT_LIMIT = "10";
    const { status, body } = await list();
    expect(status).toBe(200);
    expect(body.totalIsEstimate).toBe(true);
    expect(body.totalDocuments).toBeGreaterThan(10);
    expect(body.data).toHaveLength(25);
  });

  test("a filter that brings the list under the limit makes the total exact again", async () => {
    process.env.LIST_EXACT_COUNT_LIMIT = "10";
    const { body } = await list("?filter=labelId[eq]no-such-label");
    expect(body).toEqual({ data: [], totalDocuments: 0, after: null });
  });

  test("with an estimated total a page past the end is still 416", async () => {
    process.env.LIST_EXACT_COUNT_LIMIT = "10";
    expect((await list("?pageNumber=3&pageSize=25")).status).toBe(200);
    expect((await list("?pageNumber=4&pageSize=25")).status).toBe(416);
  });

  test("a page after the last matching row is empty and still carries the list's total", async () => {
    const { body: top } = await list("?pageSize=7");
    const firstLabel = top.data[0].labelId as string;
    // The only report matching the filter is the list's first row, before the cursor.
    const { status, body } = await list(`?pageSize=7&filter=labelId[eq]${firstLabel}&after=${top.after}`);
    expect(status).toBe(200);
    expect(body).toEqual({ data: [], totalDocuments: 1, after: null });
  });

  test("a list counted past the limit is not counted again while its estimate is kept", async () => {
    // Company a's 6 archived reports, with a limit of 5: counted once, past the limit.
    process.env.LIST_EXACT_COUNT_LIMIT = "5";
    const archived = "?filter=isArchived[eq]true";
    const first = await list(archived);
    expect(first.body.totalIsEstimate).toBe(true);
    const restored = first.body.data.slice(0, 2).map((r: { id: string }) => r.id as string);
    const db = t.database.db;
    await db.updateTable("labelReports").set({ isArchived: false }).where("id", "in", restored).execute();
    try {
      // 4 rows now; counting again would have made the total exact.
      const { body } = await list(archived);
      expect(body.data).toHaveLength(4);
      expect(body.totalIsEstimate).toBe(true);
    } finally {
      await db.updateTable("labelReports").set({ isArchived: true }).where("id", "in", restored).execute();
    }
  });

  test("the default limit counts exactly", async () => {
    const { body } = await list();
    expect(body.totalDocuments).toBe(VISIBLE);
    expect(body).not.toHaveProperty("totalIsEstimate");
  });
});

describe("keyset paging by after", () => {
  test("following after visits every report once, in the list order", async () => {
    const all = (await list("?pageSize=1000")).body.data.map((r: { id: string }) => r.id);
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const { body }: { body: { data: { id: string }[]; after: string | null } } = await list(
        `?pageSize=7${after ? `&after=${after}` : ""}`,
      );
      seen.push(...body.data.map((r) => r.id));
      after = body.after;
    } while (after);
    expect(seen).toEqual(all);
  });
});
