import { verify } from "@node-rs/argon2";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { slugify } from "../../core/domain/label-preset";
import { type ReportSummary, summariseReport, violationColumns } from "../../core/domain/report-summary";
import type { DatabaseHandle } from "../../server/db/index";
import { performanceTotals } from "../../server/db/performance";
import { productBatchUse } from "../../server/products/batch-use";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DISTRIBUTOR_COMPANY, MAIN_CUSTOMER_COMPANY } from "../../server/seed/accounts";
import { BAND_DEMO_LABEL_ID } from "../../server/seed/band-report";
import { seedDemo } from "../../server/seed/demo";
import { ANCHOR_MS, YEAR_START_MS } from "../../server/seed/reports";
import { createTestDatabase } from "./support/database";

// The demo seed on a fresh database (PGlite, or PostgreSQL with TEST_DATABASE_URL), profile 'small'.

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
  expect(await seedDemo(database.db, { profile: "small" })).toBe(true);
});

afterAll(async () => {
  await database?.close();
});

const ms = (value: Date | string | null) => (value === null ? null : new Date(value).getTime());

describe("demo seed", () => {
  test("the five demo accounts exist with their roles in the right companies", async () => {
    const rows = await database.db
      .selectFrom("users as u")
      .innerJoin("userRoles as r", "r.userId", "u.id")
      .innerJoin("companies as c", "c.id", "r.companyId")
      .select(["u.email", "r.types", "c.name"])
      .where(
        "u.email",
        "in",
        DEMO_ACCOUNTS.map((a) => a.email),
      )
      .execute();
    const expected = DEMO_ACCOUNTS.flatMap((a) => [
      { email: a.email, types: [a.role], name: a.companyName },
      ...(a.alsoIn ?? []).map((o) => ({ email: a.email, types: [o.role], name: o.companyName })),
    ]);
    const sort = (list: { email: string; name: string }[]) =>
      [...list].sort((x, y) => `${x.email}${x.name}`.localeCompare(`${y.email}${y.name}`));
    expect(sort(rows)).toEqual(sort(expected));
    expect(DEMO_ACCOUNTS.map((a) => a.email)).toEqual([
      "system@demo.example",
      "distributor@demo.example",
      "admin@demo.example",
      "user@demo.example",
      "multi@demo.example",
    ]);
  });

  test("the demo accounts sign in with the demo password (argon2id)", async () => {
    const users = await database.db
      .selectFrom("users")
      .select(["email", "passwordHash"])
      .where(
        "email",
        "in",
        DEMO_ACCOUNTS.map((a) => a.email),
      )
      .execute();
    expect(users).toHaveLength(5);
    for (const u of users) {
      expect(u.passwordHash, u.email).toMatch(/^\$argon2id\$/);
      expect(await verify(u.passwordHash ?? "", DEMO_PASSWORD)).toBe(true);
    }
  });

  test("LABEL_REPORT_TRIM is on for admin@demo.example and off for user@demo.example", async () => {
    // Read in SQL: what is stored, whatever the driver plugins do to nested JSON keys.
    // Flags are granted per membership; both people hold one, in the main customer company.
    const flags = await database.db
      .selectFrom("userRoles as ur")
      .innerJoin("users as u", "u.id", "ur.userId")
      .select(["u.email", sql<boolean | null>`(ur.feature_flags ->> 'LABEL_REPORT_TRIM')::boolean`.as("trim")])
      .where("u.email", "in", ["admin@demo.example", "user@demo.example"])
      .execute();
    const byEmail = Object.fromEntries(flags.map((f) => [f.email, f.trim]));
    expect(byEmail["admin@demo.example"]).toBe(true);
    expect(byEmail["user@demo.example"] ?? false).toBe(false);
  });

  test("the distributor has three customer sub-companies", async () => {
    const distributor = await database.db
      .selectFrom("companies")
      .select(["id", "type"])
      .where("name", "=", DISTRIBUTOR_COMPANY)
      .executeTakeFirstOrThrow();
    expect(distributor.type).toBe("distributor");
    const subs = await database.db
      .selectFrom("companies")
      .select(["type", "city", "country"])
      .where("parentId", "=", distributor.id)
      .execute();
    expect(subs).toHaveLength(3);
    for (const s of subs) {
      expect(s.type).toBe("customer");
      expect(s.city).toBeTruthy();
      expect(s.country).toBeTruthy();
    }
  });

  test("reports with a violation have alarms, some open and some acknowledged with their trail entry", async () => {
    const db = database.db;
    const states = await db
      .selectFrom("alarms")
      .select(["state", db.fn.countAll<number>().as("n")])
      .groupBy("state")
      .execute();
    const count = (state: string) => Number(states.find((s) => s.state === state)?.n ?? 0);
    expect(count("open")).toBeGreaterThan(0);
    expect(count("acknowledged")).toBeGreaterThan(0);
    const violated = await db
      .selectFrom("labelReports")
      .select("id")
      .where((eb) => eb.or([eb("temperatureViolation", "=", true), eb("humidityViolation", "=", true)]))
      .where((eb) =>
        eb.not(eb.exists(eb.selectFrom("alarms").select("id").whereRef("alarms.reportId", "=", "labelReports.id"))),
      )
      .execute();
    expect(violated).toEqual([]);
    const trail = await db
      .selectFrom("auditLog")
      .select(db.fn.countAll<number>().as("n"))
      .where("action", "=", "alarmAcknowledge")
      .executeTakeFirstOrThrow();
    // A closed alarm was acknowledged first (the demo's deviation closed one).
    expect(Number(trail.n)).toBe(count("acknowledged") + count("closed"));
  });

  test("one report of the main customer is judged by three temperature bands and reached each, with an alarm per band", async () => {
    const report = await database.db
      .selectFrom("labelReports as r")
      .innerJoin("companies as c", "c.id", "r.companyId")
      .innerJoin("labelPresets as p", "p.id", "r.presetId")
      .select(["r.id", "r.summary", "r.worstSeverity", "c.name as company", "p.name as preset", "p.temperatureBands"])
      .where("r.labelId", "=", BAND_DEMO_LABEL_ID)
      .executeTakeFirstOrThrow();
    expect(report).toMatchObject({ company: MAIN_CUSTOMER_COMPANY, worstSeverity: "critical" });
    expect(report.temperatureBands).toHaveLength(4);
    const bands = (report.summary as unknown as ReportSummary).temperature.bands ?? [];
    expect(bands.map((b) => [b.severity, b.side, b.limit, b.reached])).toEqual([
      ["warning", "above", 8, true],
      ["alarm", "above", 8, true],
      ["critical", "above", 15, true],
      ["warning", "below", 2, false],
    ]);
    const alarms = await database.db
      .selectFrom("alarms")
      .select(["severity", "state"])
      .where("reportId", "=", report.id)
      .orderBy("triggeredAt")
      .execute();
    expect(alarms).toEqual([
      { severity: "warning", state: "open" },
      { severity: "alarm", state: "open" },
      { severity: "critical", state: "open" },
    ]);
  });

  test("the demo administrator's company has a closed, an investigated and an open deviation", async () => {
    const rows = await database.db
      .selectFrom("deviations")
      .select(["state", "closingHash", "closedByName"])
      .orderBy("seq")
      .execute();
    expect(rows.map((row) => row.state)).toEqual(["closed", "underInvestigation", "open"]);
    expect(rows[0]).toMatchObject({ closingHash: expect.stringMatching(/^[0-9a-f]{64}$/), closedByName: "Anna Weber" });
  });

  test("the main customer has shipments of 1 to 4 of its ended labels", async () => {
    const rows = await database.db
      .selectFrom("shipments as s")
      .innerJoin("companies as c", "c.id", "s.companyId")
      .innerJoin("labelReports as r", "r.shipmentId", "s.id")
      .select(["s.reference", "c.name", "r.companyId", "s.companyId as shipmentCompanyId", "r.status"])
      .execute();
    const sizes = new Map<string, number>();
    for (const row of rows) sizes.set(row.reference, (sizes.get(row.reference) ?? 0) + 1);
    expect(sizes.size).toBeGreaterThanOrEqual(3);
    expect([...sizes.values()].every((n) => n >= 1 && n <= 4)).toBe(true);
    expect(rows.every((row) => row.name === MAIN_CUSTOMER_COMPANY && row.companyId === row.shipmentCompanyId)).toBe(
      true,
    );
  });

  test("every demo shipment with a departure counts on the performance page", async () => {
    const { id } = await database.db
      .selectFrom("companies")
      .select("id")
      .where("name", "=", MAIN_CUSTOMER_COMPANY)
      .executeTakeFirstOrThrow();
    const shipments = await database.db
      .selectFrom("shipments as s")
      .leftJoin("labelReports as r", "r.shipmentId", "s.id")
      .select((eb) => ["s.id", eb.fn.coalesce("s.plannedDeparture", eb.fn.min("r.startTime")).as("departed")])
      .where("s.companyId", "=", id)
      .groupBy("s.id")
      .execute();
    const departed = shipments.filter((s) => s.departed !== null);
    expect(departed.length).toBeGreaterThan(0);
    const totals = await performanceTotals(database.db, [id], "carrier", {
      from: new Date("2000-01-01T00:00:00Z"),
      to: new Date("2100-01-01T00:00:00Z"),
    });
    const whole = totals.filter((row) => row.month === null);
    expect(whole.reduce((sum, row) => sum + row.shipments, 0)).toBe(departed.length);
  });

  test("the main customer has two products with budgets, and a batch two shipments used part of", async () => {
    const products = await database.db.selectFrom("products").selectAll().orderBy("name").execute();
    expect(products.map((p) => [p.name, p.budgetAboveMinutes / 60, p.budgetBelowMinutes / 60])).toEqual([
      ["Influenza vaccine", 48, 12],
      ["Insulin glargine 100 U/ml", 72, 24],
    ]);
    const insulin = products[1] as (typeof products)[number];
    const [batch] = await productBatchUse(database.db, insulin, "IG-2611");
    expect(batch?.shipments.length).toBe(2);
    const used = (batch?.above.usedMinutes ?? 0) + (batch?.below.usedMinutes ?? 0);
    expect(used).toBeGreaterThan(0);
    expect(batch?.exhausted).toBe(false);
  });

  test("seeding twice does not duplicate: the second call returns false", async () => {
    const count = async () => {
      const [c, u, r] = await Promise.all([
        database.db
          .selectFrom("companies")
          .select((eb) => eb.fn.countAll<string>().as("n"))
          .executeTakeFirstOrThrow(),
        database.db
          .selectFrom("users")
          .select((eb) => eb.fn.countAll<string>().as("n"))
          .executeTakeFirstOrThrow(),
        database.db
          .selectFrom("labelReports")
          .select((eb) => eb.fn.countAll<string>().as("n"))
          .executeTakeFirstOrThrow(),
      ]);
      return [Number(c.n), Number(u.n), Number(r.n)];
    };
    const before = await count();
    expect(await seedDemo(database.db, { profile: "small" })).toBe(false);
    expect(await count()).toEqual(before);
    // The 40 reports of the small profile and the one judged by limit bands (band-report.ts).
    expect(before[2]).toBe(41);
  });

  test("the same seed gives the same label ids (determinism)", async () => {
    const other = await createTestDatabase();
    try {
      await seedDemo(other.db, { profile: "small" });
      const labels = (h: DatabaseHandle) =>
        h.db.selectFrom("labelReports").select(["id", "labelId", "created"]).orderBy("labelId").execute();
      const [a, b] = await Promise.all([labels(database), labels(other)]);
      expect(b).toEqual(a);
      expect(new Set(a.map((r) => r.labelId)).size).toBe(a.length);
      for (const r of a) expect(r.labelId).toMatch(/^LBL-[0-9A-F]{6}$/);
    } finally {
      await other.close();
    }
  });

  test("presets are unique per company by slug, and slugs come from the names", async () => {
    const presets = await database.db.selectFrom("labelPresets").select(["companyId", "name", "slug"]).execute();
    expect(presets.length).toBeGreaterThanOrEqual(18);
    const keys = presets.map((p) => `${p.companyId}/${p.slug}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const p of presets) expect(p.slug).toBe(slugify(p.name));
  });

  test("times are anchored between 2026-01-01 and 2026-11-01", async () => {
    const reports = await database.db.selectFrom("labelReports").select(["created", "startTime", "status"]).execute();
    for (const r of reports) {
      expect(ms(r.created)).toBeGreaterThanOrEqual(YEAR_START_MS);
      expect(ms(r.created)).toBeLessThanOrEqual(ANCHOR_MS);
      if (r.startTime !== null) expect(ms(r.startTime)).toBeLessThan(ANCHOR_MS);
    }
  });

  test("most reports belong to the company of admin@ and user@", async () => {
    const rows = await database.db
      .selectFrom("labelReports as r")
      .innerJoin("companies as c", "c.id", "r.companyId")
      .select("c.name")
      .execute();
    const main = rows.filter((r) => r.name === MAIN_CUSTOMER_COMPANY).length;
    expect(main / rows.length).toBeGreaterThan(0.4);
  });

  test("some reports have violations and some do not", async () => {
    const reports = await database.db
      .selectFrom("labelReports")
      .select(["temperatureViolation", "humidityViolation", "shockViolation"])
      .execute();
    const violating = reports.filter((r) => r.temperatureViolation || r.humidityViolation || r.shockViolation);
    expect(violating.length).toBeGreaterThan(0);
    expect(violating.length).toBeLessThan(reports.length);
  });

  test("notStarted reports have no readings and reading_count matches the stored readings", async () => {
    const counts = await database.db
      .selectFrom("labelReports as r")
      .leftJoin("measurements as m", "m.reportId", "r.id")
      .select(["r.id", "r.status", "r.readingCount", (eb) => eb.fn.count<string>("m.t").as("stored")])
      .groupBy(["r.id", "r.status", "r.readingCount"])
      .execute();
    for (const c of counts) {
      expect(Number(c.stored)).toBe(c.readingCount);
      if (c.status === "notStarted") expect(c.readingCount).toBe(0);
    }
  });

  test("each demo report's lastReadingAt is its latest stored reading's time (null without readings)", async () => {
    const rows = await database.db
      .selectFrom("labelReports as r")
      .leftJoin("measurements as m", "m.reportId", "r.id")
      .select(["r.id", "r.lastReadingAt", (eb) => eb.fn.max("m.t").as("latest")])
      .groupBy(["r.id", "r.lastReadingAt"])
      .execute();
    expect(rows.some((r) => r.lastReadingAt !== null)).toBe(true);
    for (const r of rows) expect(ms(r.lastReadingAt)).toBe(ms(r.latest as Date | string | null));
  });

  test("summaries agree with the violation columns", async () => {
    const reports = await database.db
      .selectFrom("labelReports")
      .select([
        "temperatureViolation",
        "humidityViolation",
        "shockViolation",
        "batteryLow",
        "dataIncomplete",
        "worstSeverity",
        "summary",
      ])
      .execute();
    for (const r of reports) {
      const summary = r.summary as unknown as ReportSummary;
      expect(violationColumns(summary)).toEqual({
        temperatureViolation: r.temperatureViolation,
        humidityViolation: r.humidityViolation,
        shockViolation: r.shockViolation,
        batteryLow: r.batteryLow,
        dataIncomplete: r.dataIncomplete,
        worstSeverity: r.worstSeverity,
      });
    }
  });

  test("a summary recomputed from the stored readings gives the stored verdicts", async () => {
    const reports = await database.db
      .selectFrom("labelReports as r")
      .innerJoin("labelPresets as p", "p.id", "r.presetId")
      .selectAll("p")
      .select(["r.id as reportId", "r.status", "r.endTime", "r.trimStart", "r.trimEnd", "r.summary"])
      .execute();
    for (const r of reports) {
      const readings = await database.db
        .selectFrom("measurements")
        .select(["t", "temperature", "humidity", "battery"])
        .where("reportId", "=", r.reportId)
        .orderBy("t")
        .execute();
      const shocks = await database.db
        .selectFrom("shockEvents")
        .select(["t", "magnitudeG"])
        .where("reportId", "=", r.reportId)
        .execute();
      const again = summariseReport({
        preset: r,
        readings: readings.map((m) => ({ ...m, t: ms(m.t) ?? 0 })),
        shockEvents: shocks.map((s) => ({ t: ms(s.t) ?? 0, magnitudeG: s.magnitudeG })),
        status: r.status,
        window: { start: ms(r.trimStart), end: ms(r.trimEnd) },
        // A stopped or ended label's silence at the end runs to its end.
        endTime: ms(r.endTime),
      });
      // Stored JSON: read back as the type it was written as.
      const stored = r.summary as unknown as ReportSummary;
      expect(violationColumns(again)).toEqual(violationColumns(stored));
      for (const unit of ["temperature", "humidity"] as const) {
        expect(again[unit].excursionCount).toBe(stored[unit].excursionCount);
        expect(again[unit].timeAboveMinutes).toBe(stored[unit].timeAboveMinutes);
        expect(again[unit].timeBelowMinutes).toBe(stored[unit].timeBelowMinutes);
        expect(again[unit].firstTriggered).toBe(stored[unit].firstTriggered);
        expect(again[unit].min).toEqual(stored[unit].min);
        expect(again[unit].max).toEqual(stored[unit].max);
      }
      expect(again.readingCount).toBe(stored.readingCount);
      expect(again.gaps).toEqual(stored.gaps);
      expect(again.shock.eventCount).toBe(stored.shock.eventCount);
    }
  });
});
