import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type TestApp } from "./support/app";
import { apiKeyOf, registerLabel, sendReadings, series } from "./support/ingest";
import { buildWorld, type World } from "./support/world";

/** lastReadingAt: when a label was last heard of, in the detail and the list (filter and order). */

let t: TestApp;
let world: World;
let ingest: string;
let read: Record<string, string>;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db, { reportsPerCompany: 2 });
  ingest = await apiKeyOf(t.database.db, world.companies.a, ["ingest"]);
  read = { "api-key": await apiKeyOf(t.database.db, world.companies.a, ["read"]) };
  for (const [label, from] of [
    ["LR-OLD", "2026-11-10T00:00:00Z"],
    ["LR-MID", "2026-11-15T00:00:00Z"],
    ["LR-NEW", "2026-11-20T00:00:00Z"],
  ] as const) {
    ids[label] = (await registerLabel(t, ingest, label, world.presets.a)).id;
    await sendReadings(t, ingest, label, series(from, 12));
  }
  ids["LR-SILENT"] = (await registerLabel(t, ingest, "LR-SILENT", world.presets.a)).id;
});
afterAll(async () => t?.close());

const list = async (query: string) => {
  const res = await t.app.inject({ method: "GET", url: `/api/label-reports${query}`, headers: read });
  expect(res.statusCode).toBe(200);
  return (res.json().data as { id: string; labelId: string; lastReadingAt: string | null }[]).filter((r) =>
    r.labelId.startsWith("LR-"),
  );
};

describe("lastReadingAt", () => {
  test("the detail carries the latest reading's time; an older late batch does not move it back", async () => {
    const get = async () =>
      (await t.app.inject({ method: "GET", url: `/api/label-reports/${ids["LR-MID"]}`, headers: read })).json();
    expect((await get()).lastReadingAt).toBe("2026-11-15T00:55:00.000Z");
    await sendReadings(t, ingest, "LR-MID", series("2026-11-14T00:00:00Z", 5));
    expect((await get()).lastReadingAt).toBe("2026-11-15T00:55:00.000Z");
  });

  test("the list carries it, null for a label never heard of", async () => {
    const rows = await list("?filter=&pageSize=100");
    expect(Object.fromEntries(rows.map((r) => [r.labelId, r.lastReadingAt]))).toEqual({
      "LR-OLD": "2026-11-10T00:55:00.000Z",
      "LR-MID": "2026-11-15T00:55:00.000Z",
      "LR-NEW": "2026-11-20T00:55:00.000Z",
      "LR-SILENT": null,
    });
  });

  test("lastReadingAt[lt] finds the labels silent since a moment", async () => {
    const rows = await list(`?pageSize=100&filter=${encodeURIComponent("lastReadingAt[lt]2026-11-16T00:00:00.000Z")}`);
    expect(rows.map((r) => r.labelId).sort()).toEqual(["LR-MID", "LR-OLD"]);
  });

  test("the list orders by it, newest first, labels never heard of last", async () => {
    const rows = await list("?filter=&pageSize=100&order=lastReadingAt[desc]");
    expect(rows.map((r) => r.labelId)).toEqual(["LR-NEW", "LR-MID", "LR-OLD", "LR-SILENT"]);
    const up = await list("?filter=&pageSize=100&order=lastReadingAt[asc]");
    expect(up.map((r) => r.labelId)).toEqual(["LR-OLD", "LR-MID", "LR-NEW", "LR-SILENT"]);
  });
});
