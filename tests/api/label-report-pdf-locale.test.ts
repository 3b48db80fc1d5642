import { sql } from "kysely";
import { getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { meanKineticTemperature } from "../../core/domain/statistics";
import { formatTemperature, roundTo } from "../../core/domain/units";
import { pdfText } from "../support/pdf-text";
import { createTestApp, type TestApp } from "./support/app";
import { buildWorld, ruleColumnsOf, type World } from "./support/world";

/**
 * The PDF in the reader's locale and unit: numbers written as the locale
 * writes them, °F statistics converted once from full-precision °C, the limit labels
 * clear of the data, and a footer that says what its hash covers.
 */

let t: TestApp;
let world: World;
let reportId: string;
let headers: Record<string, string>;

const START = Date.parse("2026-10-01T00:00:00Z");
const FIVE_MIN = 5 * 60_000;
/** Alternating 2.0 and 4.3 °C: an MKT whose °F value rounds differently from its rounded °C. */
const TEMPERATURES = Array.from({ length: 60 }, (_, i) => (i % 2 ? 2 : 4.3));

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db, { reportsPerCompany: 1 });
  const db = t.database.db;
  reportId = world.reports.a[0] as string;
  await db
    .updateTable("labelReports")
    .set(await ruleColumnsOf(db, world.presets.a))
    .where("id", "=", reportId)
    .execute();
  const times = TEMPERATURES.map((_, i) => new Date(START + i * FIVE_MIN).toISOString());
  await sql`insert into measurements (report_id, t, temperature, humidity, battery)
    select ${reportId}::uuid, t, temp, null, 1234
    from unnest(${times}::timestamptz[], ${TEMPERATURES}::real[]) as x(t, temp)`.execute(db);
  headers = await t.headersFor(world.users["a:user"] as string, world.companies.a);
});
afterAll(async () => t?.close());

async function pdfBytes(query: string) {
  const res = await t.app.inject({ method: "GET", url: `/api/label-reports/${reportId}/export?${query}`, headers });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

const pdf = async (query: string) => pdfText(await pdfBytes(query));

describe("the PDF in the chosen locale", () => {
  test("with de-DE, numbers are written with a decimal comma, not a point", async () => {
    const text = await pdf("locale=de-DE&includeDataTable=full");
    // A reading of the data table: 4.3 °C as de-DE writes it.
    expect(text).toContain("4,30 °C");
    expect(text).not.toMatch(/\d\.\d\d °C/);
  });

  test("with de-DE, counts have the locale's thousands separator", async () => {
    // Every reading carries battery 1234 %, printed in the full data table.
    const text = await pdf("locale=de-DE&includeDataTable=full");
    expect(text).toContain("1.234 %");
  });
});

describe("statistics in °F", () => {
  test("MKT in °F is converted from the full-precision °C value, not from the rounded one", async () => {
    // What the summary stored (float32 readings, as the database keeps them) rounds to 2 decimals.
    const mkt = meanKineticTemperature(TEMPERATURES.map((v) => Math.fround(v))) as number;
    const right = formatTemperature(mkt, "fahrenheit", 2);
    const twiceRounded = formatTemperature(roundTo(mkt, 2), "fahrenheit", 2);
    expect(right).not.toBe(twiceRounded);
    const text = await pdf("temperatureUnit=fahrenheit");
    expect(text).toContain(right);
    expect(text).not.toContain(twiceRounded);
  });
});

describe("the chart's limit labels", () => {
  test("are printed right of the plot, where no reading is drawn, never over the data line", async () => {
    const doc = await getDocumentProxy(new Uint8Array(await pdfBytes("")));
    const labels: { x: number; width: number }[] = [];
    let pageWidth = 0;
    for (let n = 1; n <= doc.numPages; n++) {
      const p = await doc.getPage(n);
      pageWidth = p.getViewport({ scale: 1 }).width;
      const content = await p.getTextContent();
      for (const item of content.items) {
        if ("str" in item && /^(upper|lower)\b/.test(item.str))
          labels.push({ x: item.transform[4] as number, width: item.width });
      }
    }
    expect(labels).toHaveLength(2);
    // The plot ends at the right margin minus the label gutter; a label at the plot's left
    // edge (x ≈ 90 pt) lay over the readings of the first hours.
    for (const label of labels) {
      expect(label.x).toBeGreaterThan(pageWidth * 0.8);
      expect(label.x + label.width).toBeLessThanOrEqual(pageWidth);
    }
  });
});

describe("the footer", () => {
  test("says in plain words what the SHA-256 covers instead of pointing to the README", async () => {
    const text = await pdf("");
    expect(text).not.toContain("README");
    expect(text).toContain(
      "the SHA-256 covers the readings, limits, evaluation window, shock events, record fields and signed disposition",
    );
  });
});
