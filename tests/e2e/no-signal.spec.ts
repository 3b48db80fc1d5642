import { expect, test } from "./support/fixtures";
import { openFilters } from "./support/motion";
import { attachBothSizes } from "./support/screenshots";
import { apiAs, signIn } from "./support/sign-in";

/**
 * No signal: a recording label silent for more than 3 intervals +
 * 15 minutes shows a "No signal" badge in the list and is found by the filter "No signal";
 * a label heard a minute ago is not. Both labels are made here through an ingest key, with
 * names of their own, so a retry or an earlier run on the same database changes nothing.
 */

const MINUTE = 60_000;

test("the list shows 'No signal' for a silent label, and the filter finds it but not a label heard just now", async ({
  page,
}, testInfo) => {
  const request = page.request;
  const headers = await apiAs(request, "admin@demo.example");
  const run = Date.now().toString(36);
  const keyRes = await request.post("/api/api-keys", {
    headers,
    data: { name: `No-signal gateway ${run}`, scopes: ["ingest"] },
  });
  expect(keyRes.status()).toBe(201);
  const ingest = { "api-key": (await keyRes.json()).key as string };
  const presets = await request.get("/api/label-presets?pageSize=1", { headers });
  const presetId = ((await presets.json()).data as { id: string }[])[0]?.id;
  if (!presetId) throw new Error("the demo seed has no preset");

  const now = Date.now();
  const labels = { silent: `NS-SILENT-${run}`, heard: `NS-HEARD-${run}` };
  for (const [labelId, minutesAgo] of [
    [labels.silent, 120],
    [labels.heard, 1],
  ] as const) {
    const registered = await request.post("/api/label-reports", { headers: ingest, data: { labelId, presetId } });
    expect(registered.status()).toBe(201);
    const readings = [2, 1, 0].map((i) => ({
      time: new Date(now - (minutesAgo + i * 5) * MINUTE).toISOString(),
      temperature: 5,
    }));
    const sent = await request.post("/api/readings", { headers: ingest, data: { labelId, readings } });
    expect(sent.status()).toBe(200);
  }

  await signIn(page, "admin@demo.example");
  const search = page.getByRole("searchbox", { name: "Search" });
  const rows = page.locator(".ant-table-tbody .ant-table-row");

  await search.fill(labels.silent);
  const silentRow = rows.filter({ hasText: labels.silent });
  await expect(silentRow.getByText("No signal")).toBeVisible();
  // The status tag; the End column says "Recording" too (no end yet).
  await expect(silentRow.getByText("Recording").first()).toBeVisible();
  await attachBothSizes(page, testInfo, "list-no-signal-badge", { show: silentRow.getByText("No signal") });
  await page.setViewportSize({ width: 1440, height: 900 });

  await search.fill(labels.heard);
  const heardRow = rows.filter({ hasText: labels.heard });
  await expect(heardRow.getByText("Recording").first()).toBeVisible();
  await expect(heardRow.getByText("No signal")).toHaveCount(0);

  // Both labels listed: the search has reached the list's address, so it cannot close the panel later.
  await search.fill(`-${run}`);
  await expect(rows.filter({ hasText: labels.silent })).toBeVisible();
  await expect(rows.filter({ hasText: labels.heard })).toBeVisible();
  await openFilters(page);
  await page.getByRole("checkbox", { name: "No signal" }).check();
  await attachBothSizes(page, testInfo, "filters-no-signal");
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/noSignal%5Beq%5Dtrue|noSignal\[eq\]true/);
  await expect(rows.filter({ hasText: labels.silent })).toBeVisible();
  await expect(rows.filter({ hasText: labels.heard })).toHaveCount(0);
  await expect(rows.first().getByText("No signal")).toBeVisible();
});
