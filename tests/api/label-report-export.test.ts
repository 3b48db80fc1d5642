import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { formatInstant } from "../../core/domain/datetime";
import { pdfText } from "../support/pdf-text";
import { createTestApp, type TestApp } from "./support/app";
import { buildWorld, ruleColumnsOf, type World } from "./support/world";

let t: TestApp;
let world: World;
let reportId: string;
let headers: Record<string, string>;
let trimmer: Record<string, string>;

const START = Date.parse("2026-10-01T00:00:00Z");
const FIVE_MIN = 5 * 60_000;
const READINGS = 300;
/** Readings 250..259 are missing: a 55-minute gap. */
const MISSING = (i: number) => i >= 250 && i < 260;
const STORED = READINGS - 10;
const at = (i: number) => START + i * FIVE_MIN;
const LABEL_ID = 'LBL/"odd";é';
const HOSTILE_REFERENCE = "<script>alert(1)</script>";
const FORMULA_COMPANY = '=HYPERLINK("http://evil.example","x")';

/**
 * 300 readings every 5 minutes at 5 °C / 50 %RH, with a 1-hour temperature excursion
 * above (readings 100..111 at 12 °C), a 20-minute one below (200..203 at 1 °C), a
 * humidity excursion (150..155 at 80 %RH) and a gap (250..259 missing).
 */
async function addReadings(id: string) {
  const times: string[] = [];
  const temps: number[] = [];
  const hums: number[] = [];
  const batteries: number[] = [];
  for (let i = 0; i < READINGS; i++) {
    if (MISSING(i)) continue;
    times.push(new Date(at(i)).toISOString());
    temps.push(i >= 100 && i < 112 ? 12 : i >= 200 && i < 204 ? 1 : 5);
    hums.push(i >= 150 && i < 156 ? 80 : 50);
    batteries.push(90);
  }
  await sql`insert into measurements (report_id, t, temperature, humidity, battery)
    select ${id}::uuid, t, temp, hum, bat
    from unnest(${times}::timestamptz[], ${temps}::real[], ${hums}::real[], ${batteries}::real[]) as x(t, temp, hum, bat)`.execute(
    t.database.db,
  );
}

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db, { reportsPerCompany: 2 });
  const db = t.database.db;
  reportId = world.reports.a[0] as string;
  await db
    .updateTable("labelPresets")
    .set({ humidityEnabled: true, humidityMin: 30, humidityMax: 70 })
    .where("id", "=", world.presets.a)
    .execute();
  // The report is judged by the rule it kept: registered with the humidity preset.
  await db
    .updateTable("labelReports")
    .set(await ruleColumnsOf(db, world.presets.a))
    .where("id", "=", reportId)
    .execute();
  await db.updateTable("companies").set({ name: FORMULA_COMPANY }).where("id", "=", world.companies.a).execute();
  await db
    .updateTable("labelReports")
    .set({ labelId: LABEL_ID, reference: HOSTILE_REFERENCE, origin: "Zürich", destination: "Kraków 東京" })
    .where("id", "=", reportId)
    .execute();
  await addReadings(reportId);
  headers = await t.headersFor(world.users["a:user"] as string, world.companies.a);
  trimmer = await t.headersFor(world.users["a:trimmer"] as string, world.companies.a);
});
afterAll(async () => {
  await t?.close();
});

const exportUrl = (query = "", id = reportId) => `/api/label-reports/${id}/export${query ? `?${query}` : ""}`;
const download = (query = "", h = headers, id = reportId) =>
  t.app.inject({ method: "GET", url: exportUrl(query, id), headers: h });

async function pdf(query = "") {
  const res = await download(query);
  expect(res.statusCode).toBe(200);
  return { res, text: await pdfText(res.rawPayload) };
}

async function csv(query = "") {
  const res = await download(`fileType=csv${query ? `&${query}` : ""}`);
  expect(res.statusCode).toBe(200);
  const lines = res.body.split("\r\n").filter(Boolean);
  const header = lines.findIndex((l) => l.startsWith("time_utc,"));
  return { res, lines, meta: lines.slice(0, header), columns: lines[header] ?? "", rows: lines.slice(header + 1) };
}

describe("download options", () => {
  const cases: [string, string][] = [
    ["fileType", "fileType=docx"],
    ["pageSize", "pageSize=a3"],
    ["timeZone", "timeZone=Mars/Olympus_Mons"],
    ["timeZone", "timeZone=system"],
    ["locale", "locale=not%20a%20locale"],
    ["temperatureUnit", "temperatureUnit=kelvin"],
    ["includeDataTable", "includeDataTable=some"],
  ];
  for (const [field, query] of cases) {
    test(`a bad ${field} (${query}) is a 400 naming ${field}`, async () => {
      const res = await download(query);
      expect(res.statusCode).toBe(400);
      expect(res.json().formFields.map((f: { id: string }) => f.id)).toEqual([field]);
    });
  }

  test("every bad option is reported at once, one entry per field", async () => {
    const res = await download("fileType=x&pageSize=x&timeZone=x&locale=%20&temperatureUnit=x&includeDataTable=x");
    expect(res.statusCode).toBe(400);
    expect(res.json().formFields.map((f: { id: string }) => f.id)).toEqual([
      "fileType",
      "pageSize",
      "timeZone",
      "locale",
      "temperatureUnit",
      "includeDataTable",
    ]);
  });

  test("an unknown query parameter is a 400 naming it", async () => {
    const res = await download("colour=red");
    expect(res.statusCode).toBe(400);
    expect(res.json().formFields[0].id).toBe("colour");
  });

  test("without options the download is the spec's default: an A4 PDF", async () => {
    const res = await download();
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    // A4 is 595.28 x 841.89 points.
    expect(res.rawPayload.toString("latin1")).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
  });

  test("pageSize=letter makes Letter pages", async () => {
    const res = await download("pageSize=letter");
    expect(res.rawPayload.toString("latin1")).toMatch(/\/MediaBox \[0 0 612 792\]/);
  });
});

describe("access", () => {
  test("another company's report is 404", async () => {
    const other = await t.headersFor(world.users["b:user"] as string, world.companies.b);
    expect((await download("", other)).statusCode).toBe(404);
    expect((await download("fileType=csv", other)).statusCode).toBe(404);
  });

  test("another company's report is 404 whatever the options say", async () => {
    const other = await t.headersFor(world.users["b:user"] as string, world.companies.b);
    expect((await download("fileType=docx", other)).statusCode).toBe(404);
  });

  test("without a token the download is 401", async () => {
    expect((await t.app.inject({ method: "GET", url: exportUrl() })).statusCode).toBe(401);
  });

  test("a report without readings still downloads, saying so", async () => {
    const empty = world.reports.a[1] as string;
    const res = await download("includeDataTable=full", headers, empty);
    expect(res.statusCode).toBe(200);
    expect(await pdfText(res.rawPayload)).toContain("No readings in the evaluation window.");
    const csvRes = await download("fileType=csv", headers, empty);
    expect(csvRes.body).toContain("# readings,0");
    expect(csvRes.body.trimEnd().split("\r\n").at(-1)).toMatch(/^time_utc,/);
  });

  test("a report that does not exist is 404", async () => {
    expect((await download("", headers, "00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
  });
});

describe("the PDF", () => {
  test("has every section heading", async () => {
    const { text } = await pdf();
    const headings = [
      "Label report",
      "Shipment identification",
      "Preset configuration",
      "Recording summary",
      "Verdict per unit",
      "QA disposition",
      "Statistics",
      "Excursions",
      "Chart",
      "Data table",
    ];
    for (const heading of headings) expect(text).toContain(heading);
  });

  test("says 'Page x of y' on every page", async () => {
    const { text } = await pdf("includeDataTable=full");
    const pages = text.split("\f").filter((p) => p.trim());
    expect(pages.length).toBeGreaterThan(1);
    for (const [i, page] of pages.entries()) expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
  });

  test("prints the content SHA-256 that the X-Content-SHA256 header carries, on every page", async () => {
    const { res, text } = await pdf();
    const hash = res.headers["x-content-sha256"] as string;
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    const pages = text.split("\f").filter((p) => p.trim());
    for (const page of pages) expect(page).toContain(`Content SHA-256: ${hash}`);
  });

  test("times are formatInstant's text for the chosen zone and locale", async () => {
    const { text } = await pdf("timeZone=America/New_York&locale=en-US");
    const excursionStart = formatInstant(at(100), { timeZone: "America/New_York", locale: "en-US" });
    // 08:20 UTC is 04:20 in New York (EDT, UTC-4).
    expect(excursionStart).toBe("10/01/2026, 04:20");
    expect(text).toContain(excursionStart);
    const inGerman = (await pdf("timeZone=Europe/Berlin&locale=de-DE")).text;
    expect(inGerman).toContain(formatInstant(at(100), { timeZone: "Europe/Berlin", locale: "de-DE" }));
  });

  test("the generation time is printed with its time zone", async () => {
    const { text } = await pdf("timeZone=Europe/Berlin");
    expect(text).toMatch(/Generated\s+\d\d\/\d\d\/\d{4}, \d\d:\d\d (CES?T|GMT\+[12]) \(Europe\/Berlin\)/);
  });

  test("temperatures are in the chosen unit", async () => {
    const celsius = (await pdf()).text;
    const fahrenheit = (await pdf("temperatureUnit=fahrenheit")).text;
    // The excursion's peak: 12 °C = 53.6 °F.
    expect(celsius).toContain("12.00 °C");
    expect(fahrenheit).toContain("53.60 °F");
    expect(fahrenheit).not.toContain("12.00 °C");
  });

  test("shows each unit's verdict and 'N.a.' for a unit the preset does not measure", async () => {
    const { text } = await pdf();
    expect(text).toMatch(/Temperature\s+Yes\s+Alarm/);
    // Shock is not enabled by the preset.
    expect(text).toMatch(/Shock\s+N\.a\.\s+N\.a\./);
  });

  test("the alarm is printed at the time its delay was reached, with the excursion's start beside it", async () => {
    // Another report with the same readings, kept under a 30-minute single alarm delay:
    // the 1-hour excursion from reading 100 raises the alarm 30 minutes in, at reading 106.
    const db = t.database.db;
    const delayedId = world.reports.a[1] as string;
    const { rule } = await db
      .selectFrom("labelReports")
      .select("rule")
      .where("id", "=", reportId)
      .executeTakeFirstOrThrow();
    await db
      .updateTable("labelReports")
      .set({ rule: JSON.stringify({ ...(rule as object), alarmDelayMinutes: 30, alarmType: "single" }) })
      .where("id", "=", delayedId)
      .execute();
    await addReadings(delayedId);
    const res = await download("timeZone=UTC&locale=en-US", headers, delayedId);
    expect(res.statusCode).toBe(200);
    const text = (await pdfText(res.rawPayload)).replace(/\s+/g, " ");
    const utc = (ms: number) => formatInstant(ms, { timeZone: "UTC", locale: "en-US" });
    expect(text).toContain(
      `Temperature alarm First triggered ${utc(at(106))}, in the excursion that began ${utc(at(100))}`,
    );
  });

  test("the excursion table lists each excursion with its side and duration", async () => {
    const { text } = await pdf();
    expect(text).toContain("1 h 0 min");
    expect(text).toContain("20 min");
    expect(text).toContain("Above");
    expect(text).toContain("Below");
  });

  test("a report whose label fell silent before its end lists the silence and reads Incomplete data", async () => {
    const { text } = await pdf();
    expect(text).toContain("Data completeness Incomplete data.");
    expect(text).toMatch(/Silence at the end \(too long\) \S+, \S+ \S+, \S+ 30 d/);
  });

  test("MKT is labelled as information, not the verdict", async () => {
    const { text } = await pdf();
    expect(text).toContain("MKT (information)");
    expect(text).toContain("Information, not the verdict.");
    expect(text).toContain("83.144 kJ/mol over the whole evaluation window (USP <1079.2>)");
  });

  test("hostile names are printed as plain text", async () => {
    const { text } = await pdf();
    expect(text).toContain(HOSTILE_REFERENCE);
    expect(text).toContain(FORMULA_COMPANY);
    // Characters the PDF's built-in font lacks become '?' (never garbage); Latin-1 letters print as they are.
    expect(text).toContain("Zürich -> Kraków ??");
  });

  test("data table none / minimal / full: nothing, the readings in excursions, every reading", async () => {
    const format = (i: number) => formatInstant(at(i), { timeZone: "UTC", locale: "en-US", seconds: true });
    const inExcursion = format(105);
    const inRange = format(50);
    const none = (await pdf("includeDataTable=none")).text;
    const minimal = (await pdf("includeDataTable=minimal")).text;
    const full = (await pdf("includeDataTable=full")).text;
    expect(none).toContain("Not included in this download");
    expect(none).not.toContain(inExcursion);
    // 12 above + 4 below (temperature) + 6 humidity readings.
    expect(minimal).toContain("22 of 290 readings");
    expect(minimal).toContain(inExcursion);
    expect(minimal).not.toContain(inRange);
    expect(full).toContain(`Every reading of the evaluation window (data table: full): ${STORED} readings`);
    expect(full).toContain(inRange);
  });
});

describe("the content hash", () => {
  test("is the same for two renders, for PDF and CSV, and for every display option", async () => {
    const hashes = new Set<string>();
    for (const query of [
      "",
      "",
      "fileType=csv",
      "timeZone=Asia/Tokyo&locale=de-DE&temperatureUnit=fahrenheit&includeDataTable=full&pageSize=letter",
    ]) {
      hashes.add((await download(query)).headers["x-content-sha256"] as string);
    }
    expect(hashes.size).toBe(1);
  });

  test("changes when a reading changes, and comes back when the reading does", async () => {
    const before = (await download()).headers["x-content-sha256"];
    const change = (temperature: number) =>
      t.database.db
        .updateTable("measurements")
        .set({ temperature })
        .where("reportId", "=", reportId)
        .where("t", "=", new Date(at(10)))
        .execute();
    await change(5.5);
    const changed = (await download()).headers["x-content-sha256"];
    await change(5);
    const restored = (await download()).headers["x-content-sha256"];
    expect(changed).not.toBe(before);
    expect(restored).toBe(before);
  });
});

describe("the download's headers", () => {
  test("the file name is label-report-<labelId>-<date>.<ext>, with odd characters unable to break the header", async () => {
    const res = await download("fileType=csv&timeZone=Pacific/Kiritimati");
    const disposition = res.headers["content-disposition"] as string;
    // The generation day in the chosen zone (UTC+14 here).
    const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Pacific/Kiritimati" }).format(new Date());
    expect(disposition).toBe(
      `attachment; filename="label-report-LBL__odd___-${day}.csv"; filename*=UTF-8''${encodeURIComponent(`label-report-${LABEL_ID}-${day}.csv`).replace(/'/g, "%27")}`,
    );
    const exact = decodeURIComponent(disposition.split("filename*=UTF-8''")[1] ?? "");
    expect(exact).toBe(`label-report-${LABEL_ID}-${day}.csv`);
  });

  test("a CSV is text/csv in UTF-8", async () => {
    expect((await download("fileType=csv")).headers["content-type"]).toBe("text/csv; charset=utf-8");
  });
});

describe("the CSV", () => {
  test("starts with the report id, the options and the content hash", async () => {
    const { res, meta, columns } = await csv("timeZone=Europe/Berlin&locale=de-DE&temperatureUnit=fahrenheit");
    expect(meta).toContain(`# report_id,${reportId}`);
    expect(meta).toContain("# time_zone,Europe/Berlin");
    expect(meta).toContain("# locale,de-DE");
    expect(meta).toContain("# temperature_unit,fahrenheit");
    expect(meta).toContain(`# content_sha256,${res.headers["x-content-sha256"]}`);
    expect(columns).toBe(
      "time_utc,time_local,temperature_f,humidity_rh,battery_percent,temperature_excursion,humidity_excursion",
    );
  });

  test("has one row per reading, in time order, with formatInstant's local time", async () => {
    const { rows } = await csv("timeZone=America/New_York");
    expect(rows).toHaveLength(STORED);
    const local = formatInstant(at(0), { timeZone: "America/New_York", locale: "en-US", seconds: true });
    expect(rows[0]).toBe(`${new Date(at(0)).toISOString()},"${local}",5,50,90,,`);
  });

  test("marks readings inside an excursion with its side", async () => {
    const { rows } = await csv();
    const row = (i: number) => rows.find((r) => r.startsWith(new Date(at(i)).toISOString()));
    expect(row(100)?.endsWith(",12,50,90,above,")).toBe(true);
    expect(row(201)?.endsWith(",1,50,90,below,")).toBe(true);
    expect(row(150)?.endsWith(",5,80,90,,above")).toBe(true);
    expect(row(99)?.endsWith(",5,50,90,,")).toBe(true);
  });

  test("converts temperatures to Fahrenheit", async () => {
    const { rows } = await csv("temperatureUnit=fahrenheit");
    const row = rows.find((r) => r.startsWith(new Date(at(100)).toISOString()));
    // 12 °C = 53.6 °F; 5 °C = 41 °F.
    expect(row?.split(",").slice(-5)).toEqual(["53.6", "50", "90", "above", ""]);
    expect(rows[0]?.split(",")[3]).toBe("41");
  });

  test("escapes text that a spreadsheet would run as a formula", async () => {
    const { meta } = await csv();
    expect(meta).toContain(`# company,"'${FORMULA_COMPANY.replace(/"/g, '""')}"`);
  });

  test("respects the trim: only the window's readings, and the window in the header", async () => {
    const untrimmedHash = (await download("fileType=csv")).headers["x-content-sha256"];
    const start = new Date(at(120)).toISOString();
    const end = new Date(at(219)).toISOString();
    const trimmed = await t.app.inject({
      method: "POST",
      url: `/api/label-reports/${reportId}/trim`,
      headers: trimmer,
      payload: { start, end, reason: "Acclimatisation of the probe" },
    });
    expect(trimmed.statusCode).toBe(200);
    try {
      const { rows, meta, res } = await csv();
      expect(rows).toHaveLength(100);
      // The window is part of the hashed content.
      expect(res.headers["x-content-sha256"]).not.toBe(untrimmedHash);
      expect(rows[0]?.startsWith(start)).toBe(true);
      expect(rows.at(-1)?.startsWith(end)).toBe(true);
      expect(meta).toContain(`# evaluation_window_start_utc,${start}`);
      // The PDF names who set the window, their e-mail once, and the verdict follows it: the 1-hour excursion is gone.
      const { text } = await pdf();
      expect(text.split("a-trimmer@test.example")).toHaveLength(2);
      expect(text).toContain("Reason: Acclimatisation of the probe");
      expect(text).not.toContain("1 h 0 min");
    } finally {
      await t.app.inject({
        method: "POST",
        url: `/api/label-reports/${reportId}/trim`,
        headers: trimmer,
        payload: { start: null, end: null, reason: "Back to the whole recording" },
      });
    }
  });
});

describe("names stored through the API with markup or a formula", () => {
  const MARKUP = "<img src=x onerror=alert(1)>";
  /** Allowed by the label ID pattern, and read by a spreadsheet as the formula -2-3. */
  const FORMULA_LABEL = "-2-3";
  let stored: string;
  let admin: Record<string, string>;

  beforeAll(async () => {
    admin = await t.headersFor(world.users["operator:systemAdmin"] as string, world.companies.operator);
    const preset = await t.app.inject({
      method: "POST",
      url: "/api/label-presets",
      headers: admin,
      payload: { name: MARKUP },
    });
    expect(preset.statusCode).toBe(201);
    expect(preset.json().name).toBe(MARKUP);
    const report = await t.app.inject({
      method: "POST",
      url: "/api/label-reports",
      headers: admin,
      payload: { labelId: FORMULA_LABEL, presetId: preset.json().id, reference: MARKUP },
    });
    expect(report.statusCode).toBe(201);
    stored = report.json().id;
  });

  test("the PDF prints the preset name and the reference as the literal text", async () => {
    const res = await download("", admin, stored);
    expect(res.statusCode).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain(`Preset ${MARKUP}`);
    expect(text).toContain(`Reference ${MARKUP}`);
  });

  test("the CSV writes a label ID a spreadsheet would run as a formula with a leading apostrophe", async () => {
    const res = await download("fileType=csv", admin, stored);
    expect(res.statusCode).toBe(200);
    expect(res.body.split("\r\n")).toContain(`# label_id,'${FORMULA_LABEL}`);
  });
});
