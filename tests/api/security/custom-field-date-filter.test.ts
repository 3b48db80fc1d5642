import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type TestApp } from "../support/app";
import { buildWorld, type World } from "../support/world";

/**
 * A custom field redefined from text to date keeps the text values
 * already stored on reports. Filtering on it must never fail the query (a 500): stored
 * values that are not dates simply do not match, and a filter value that is not a date
 * is a 400 naming the field.
 */

let t: TestApp;
let world: World;
let editor: Record<string, string>;
/** Report ids of company A and the text each carried before the field became a date. */
const stored: [id: string, value: string][] = [];

const list = (filter: string) =>
  t.app.inject({ method: "GET", url: `/api/label-reports?filter=${encodeURIComponent(filter)}`, headers: editor });
const ids = (res: { json(): unknown }) => (res.json() as { data: { id: string }[] }).data.map((r) => r.id).sort();

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db, { reportsPerCompany: 6 });
  editor = await t.headersFor(world.users["a:administrator"] as string, world.companies.a);
  await t.database.db
    .updateTable("userRoles")
    .set({ featureFlags: JSON.stringify({ CUSTOM_FIELDS: true }) })
    .where("userId", "=", world.users["a:administrator"] as string)
    .execute();

  // Defined as text, filled with what people type, then redefined as a date.
  const text = await t.app.inject({
    method: "POST",
    url: "/api/custom-fields",
    headers: editor,
    payload: { name: "Packed on", type: "text" },
  });
  expect(text.statusCode).toBe(201);
  const values = ["2026-03-05", "2026-02-30", "2026-99-99", "next Tuesday", "05/03/2026", "2026-03-20"];
  for (const [i, value] of values.entries()) {
    const id = world.reports.a[i] as string;
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/label-reports/${id}`,
      headers: editor,
      payload: { customFields: { packedOn: value } },
    });
    expect(res.statusCode).toBe(200);
    stored.push([id, value]);
  }
  const removed = await t.app.inject({
    method: "DELETE",
    url: `/api/custom-fields/${(text.json() as { id: string }).id}`,
    headers: editor,
  });
  expect(removed.statusCode).toBe(204);
  const date = await t.app.inject({
    method: "POST",
    url: "/api/custom-fields",
    headers: editor,
    payload: { name: "Packed on", type: "date" },
  });
  expect(date.statusCode).toBe(201);
});
afterAll(async () => t?.close());

const reportWith = (value: string) => stored.find(([, v]) => v === value)?.[0];

describe("date filters on a field that was text before", () => {
  test("stored text that is not a real date is skipped instead of failing the list (was a 500)", async () => {
    const res = await list("customFields.packedOn[gte]2026-01-01,customFields.packedOn[lte]2026-12-31");
    expect(res.statusCode).toBe(200);
    expect(ids(res)).toEqual([reportWith("2026-03-05"), reportWith("2026-03-20")].sort());
  });

  test("an equality filter on the date skips the values that do not parse", async () => {
    const res = await list("customFields.packedOn[eq]2026-03-20");
    expect(res.statusCode).toBe(200);
    expect(ids(res)).toEqual([reportWith("2026-03-20")]);
  });

  for (const value of ["2026-02-30", "2026-04-31T08:00:00Z"]) {
    test(`a filter value that is not a date (${value}) is a 400 naming the field`, async () => {
      const res = await list(`customFields.packedOn[gte]${value}`);
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain("customFields.packedOn");
    });
  }
});
