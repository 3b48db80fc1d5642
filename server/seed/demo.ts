import { hash } from "@node-rs/argon2";
import { type Insertable, type Kysely, sql } from "kysely";
import { toE164 } from "../../core/domain/phone";
import type { Database, LabelPresetsTable, UserRolesTable, UsersTable } from "../db/schema";
import { DEMO_PASSWORD } from "./accounts";
import { seedAlarms } from "./alarms";
import { BAND_DEMO_LABEL_ID, seedBandReport } from "./band-report";
import {
  insertMeasurementBatch,
  insertReportRows,
  MEASUREMENT_BATCH_ROWS,
  MeasurementBatch,
  REPORT_BATCH_ROWS,
  skipForeignKeyChecks,
} from "./bulk-insert";
import { SEED_COMPANIES } from "./companies";
import { seedDeviations } from "./deviations";
import { seedLaneShipments } from "./lane-shipments";
import { SEED_PRESETS, uniqueSlugs } from "./presets";
import { mulberry32, type Rng, seedFrom, uuid, weighted } from "./prng";
import { type CompanyRef, planReport, type ReportRow, type ReportShape, YEAR_START_MS } from "./reports";
import { seedShipments } from "./shipments";

/**
 * The demo data set: companies, people, presets, custom fields and label reports with
 * their readings. Deterministic: a fixed seed and times anchored to 2026-11-01, so two
 * runs give the same rows (ids included) apart from password salts.
 */

export type SeedProfile = "full" | "small";

export interface SeedOptions {
  /** Label reports to create; default 500 (full) or 40 (small). */
  reports?: number;
  /** Exactly this many readings per report; default: 1–30 days (full) or 1–4 days (small) of readings. */
  pointsPerReport?: number;
  profile?: SeedProfile;
  /** Progress lines (the CLI prints them). */
  log?: (line: string) => void;
}

const SEED = 20261101;

function ids(rng: Rng) {
  return () => uuid(rng);
}

/**
 * Fills an EMPTY database with the demo data set. Does nothing and returns false when
 * any company exists. One transaction: a crash leaves the database empty, not half seeded.
 */
export async function seedDemo(db: Kysely<Database>, options: SeedOptions = {}): Promise<boolean> {
  const profile = options.profile ?? "full";
  const reportCount = options.reports ?? (profile === "full" ? 500 : 40);
  const shape: ReportShape = {
    pointsPerReport: options.pointsPerReport,
    minDays: 1,
    maxDays: profile === "full" ? 30 : 4,
  };
  const log = options.log ?? (() => {});
  // Hashed before the transaction opens: argon2 takes a while and needs no lock.
  const passwordHash = await hash(DEMO_PASSWORD);

  const seeded = await db.transaction().execute(async (trx) => {
    // Two servers starting on one empty database must not both seed it.
    await sql`select pg_advisory_xact_lock(20261101)`.execute(trx);
    const existing = await trx.selectFrom("companies").select("id").limit(1).executeTakeFirst();
    if (existing) return false;
    await skipForeignKeyChecks(trx);

    const newId = ids(mulberry32(seedFrom(`${SEED}:ids`)));
    const companies = await seedCompanies(trx, newId, passwordHash);
    log(`companies, people and presets: ${companies.length} companies`);

    const rng = mulberry32(SEED);
    const weights = companies
      .map((c) => [c, SEED_COMPANIES.find((s) => s.name === c.name)?.reportWeight ?? 0] as const)
      .filter(([c, w]) => w > 0 && c.presets.length > 0);
    const labelIds = new Set<string>();
    let batch = new MeasurementBatch();
    let rows: ReportRow[] = [];
    let readings = 0;
    const flush = async () => {
      await insertReportRows(trx, rows);
      await insertMeasurementBatch(trx, batch);
      readings += batch.size;
      rows = [];
      batch = new MeasurementBatch();
    };
    for (let i = 0; i < reportCount; i++) {
      const company = weighted(rng, weights);
      const { row, series } = planReport(rng, newId(), company, labelIds, shape);
      rows.push(row);
      if (series) batch.add(row.id, series);
      if (batch.size >= MEASUREMENT_BATCH_ROWS || rows.length >= REPORT_BATCH_ROWS) await flush();
    }
    await flush();
    log(`label reports: ${reportCount}, readings: ${readings}`);
    log(`alarms: ${await seedAlarms(trx)}`);
    log(`shipments: ${await seedShipments(trx)}`);
    log(`deviations: ${await seedDeviations(trx)}`);
    log(`lane shipments: ${await seedLaneShipments(trx)}`);
    log(`report with limit bands: ${BAND_DEMO_LABEL_ID}, ${await seedBandReport(trx)} bands reached`);
    return true;
  });
  // PGlite has no autovacuum daemon: without this the planner would guess the table sizes.
  if (seeded) await sql`analyze`.execute(db);
  return seeded;
}

type Tx = Kysely<Database>;

async function seedCompanies(trx: Tx, newId: () => string, passwordHash: string): Promise<CompanyRef[]> {
  const companyIds = new Map<string, string>();
  for (const c of SEED_COMPANIES) companyIds.set(c.name, newId());
  const created = new Date(YEAR_START_MS - 90 * 86_400_000).toISOString();

  await trx
    .insertInto("companies")
    .values(
      SEED_COMPANIES.map((c) => ({
        id: companyIds.get(c.name),
        name: c.name,
        type: c.type,
        parentId: c.parent ? (companyIds.get(c.parent) ?? null) : null,
        timeZone: c.timeZone,
        logoInitial: c.name.charAt(0),
        addresses: JSON.stringify(c.addresses),
        billing: JSON.stringify(c.billing),
        city: c.city,
        country: c.country,
        created,
        updated: created,
      })),
    )
    .execute();

  // One user per e-mail; a person listed in two companies holds a role in each.
  const userIds = new Map<string, string>();
  const users: Insertable<UsersTable>[] = [];
  const roles: Insertable<UserRolesTable>[] = [];
  for (const c of SEED_COMPANIES) {
    for (const p of c.people) {
      let userId = userIds.get(p.email);
      if (!userId) {
        userId = newId();
        userIds.set(p.email, userId);
        users.push({
          id: userId,
          email: p.email,
          firstName: p.firstName,
          lastName: p.lastName,
          phone: p.phone ? seedPhone(p.phone) : null,
          passwordHash: p.invited ? null : passwordHash,
          timeJoined: created,
          created,
          updated: created,
        });
      }
      // Flags are granted per membership: the person's entry in this company says which.
      roles.push({
        id: newId(),
        userId,
        companyId: companyIds.get(c.name) as string,
        types: p.roles,
        featureFlags: JSON.stringify(p.featureFlags ?? {}),
        created,
      });
    }
  }
  await trx.insertInto("users").values(users).execute();
  await trx.insertInto("userRoles").values(roles).execute();

  const customFields = SEED_COMPANIES.flatMap((c) =>
    c.customFields.map((f) => ({
      id: newId(),
      companyId: companyIds.get(c.name) as string,
      key: f.key,
      name: f.name,
      type: f.type,
      options: JSON.stringify(f.options ?? []),
      required: f.required ?? false,
      partOfRecord: f.partOfRecord ?? false,
      created,
    })),
  );
  if (customFields.length) await trx.insertInto("customFields").values(customFields).execute();

  const companies: CompanyRef[] = [];
  const presetRows: Insertable<LabelPresetsTable>[] = [];
  for (const c of SEED_COMPANIES) {
    const companyId = companyIds.get(c.name) as string;
    const templates = SEED_PRESETS[c.name] ?? [];
    const slugs = uniqueSlugs(templates.map((t) => t.name));
    // The company's first administrator made its presets.
    const author = c.people.find((p) => p.roles.includes("administrator") || p.roles.includes("distributorAdmin"));
    const ref: CompanyRef = { id: companyId, name: c.name, presets: [], customFields: c.customFields, lanes: c.lanes };
    templates.forEach((t, i) => {
      const { weight, isArchived, ...thresholds } = t;
      const id = newId();
      presetRows.push({
        id,
        companyId,
        name: t.name,
        slug: slugs[i] as string,
        description: t.description,
        temperatureEnabled: t.temperatureEnabled,
        temperatureMin: t.temperatureMin,
        temperatureMax: t.temperatureMax,
        humidityEnabled: t.humidityEnabled,
        humidityMin: t.humidityMin,
        humidityMax: t.humidityMax,
        shockEnabled: t.shockEnabled,
        shockThresholdG: t.shockThresholdG,
        alarmDelayMinutes: t.alarmDelayMinutes,
        alarmType: t.alarmType,
        intervalMinutes: t.intervalMinutes,
        startDelayMinutes: t.startDelayMinutes,
        batteryWarningLevel: t.batteryWarningLevel,
        isArchived: isArchived ?? false,
        createdBy: author ? (userIds.get(author.email) ?? null) : null,
        created,
        updated: created,
      });
      ref.presets.push({ ...thresholds, id, weight: isArchived ? 0 : weight });
    });
    companies.push(ref);
  }
  if (presetRows.length) {
    await trx.insertInto("labelPresets").values(presetRows).execute();
    // Version 1 of each, as the presets API writes it, so the history starts where the reports do.
    await trx
      .insertInto("labelPresetVersions")
      .values(
        presetRows.map(
          ({ id, companyId, name, createdBy, created, isArchived: _a, slug: _s, updated: _u, ...settings }) => ({
            presetId: id as string,
            companyId,
            version: 1,
            name,
            settings: JSON.stringify(settings),
            changedBy: createdBy ?? null,
            changedAt: created,
          }),
        ),
      )
      .execute();
  }
  return companies;
}

/** Seed numbers are written as people read them; stored in E.164, as sign-in by phone compares them. */
function seedPhone(readable: string): string {
  const e164 = toE164(readable);
  if (!e164) throw new Error(`Seed phone number ${readable} is not valid`);
  return e164;
}
