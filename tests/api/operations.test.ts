import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { backupDatabase } from "../../scripts/ops/backup";
import { copyDatabase } from "../../scripts/ops/copy-database";
import { moveToPostgres } from "../../scripts/ops/move-to-postgres";
import { restoreDatabase } from "../../scripts/ops/restore";
import { buildApp } from "../../server/app";
import { loadSigningKeys } from "../../server/auth/keys";
import { lockFileOf } from "../../server/db/data-dir-lock";
import { type DatabaseHandle, type Db, openDatabase } from "../../server/db/index";
import { migrateToLatest } from "../../server/db/migrate";
import { recomputeSummary } from "../../server/reports/summary";
import { roleTokenFor } from "./support/app";
import { buildWorld } from "./support/world";

/**
 * Operating the embedded database (docs/operations.md): a backup restores to the same
 * answers, and a move to PostgreSQL copies every row exactly. The source is a PGlite
 * folder like the server's DATA_DIR/pglite, whatever database the other API tests use.
 */

let dir: string;
let sourceDir: string;
let headers: Record<string, string>;
let urls: string[];
let expected: Answer[];

interface Answer {
  url: string;
  status: number;
  body: unknown;
}

const START = Date.parse("2026-10-01T00:00:00Z");

async function answers(db: Db): Promise<Answer[]> {
  const app = await buildApp({ db, keys: await loadSigningKeys(db), publicUrl: "http://dashboard.test" });
  try {
    const out: Answer[] = [];
    for (const url of urls) {
      const res = await app.inject({ method: "GET", url, headers });
      const body: unknown = res.json();
      // A report's contentSignature is made for each answer (ES256 signatures are random): left out.
      if (body && typeof body === "object" && !Array.isArray(body) && "contentSignature" in body) {
        const { contentSignature: _signed, ...rest } = body;
        out.push({ url, status: res.statusCode, body: rest });
      } else out.push({ url, status: res.statusCode, body });
    }
    return out;
  } finally {
    await app.close();
  }
}

/** Every row of every table of ours as text, UTC and with every float digit. */
async function contents(db: Db): Promise<Record<string, string[]>> {
  return db.transaction().execute(async (trx) => {
    await sql`set local timezone = 'UTC'`.execute(trx);
    await sql`set local extra_float_digits = 3`.execute(trx);
    const tables = await sql<{ name: string }>`
      select tablename as name from pg_tables
      where schemaname = 'public' and tablename not like 'kysely%' order by tablename`.execute(trx);
    const out: Record<string, string[]> = {};
    for (const { name } of tables.rows) {
      const rows = await sql<{ row: string }>`select t::text as row from ${sql.table(name)} t order by 1`.execute(trx);
      out[name] = rows.rows.map((r) => r.row);
    }
    return out;
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "coldchain-ops-"));
  sourceDir = join(dir, "data", "pglite");
  const source = await openDatabase({ dataDir: sourceDir });
  try {
    const db = source.db;
    await migrateToLatest(db);
    const world = await buildWorld(db, { reportsPerCompany: 3 });
    const reportId = world.reports.a[0] as string;
    // Readings (with the chart rollups their trigger keeps), one at a microsecond, and odd reals.
    await sql`insert into measurements (report_id, t, temperature, humidity, battery)
      select ${reportId}::uuid, to_timestamp(${START / 1000} + i * 300) + interval '0.000123 seconds' * (i % 2),
             4.1 + (i % 7) * 0.333, 55.55, 99.9 - i * 0.01
      from generate_series(0, 1199) as i`.execute(db);
    await recomputeSummary(db, reportId);
    await sql`insert into outbox (recipient, subject, text) values ('a@test.example', 'Hello', 'One'),
      ('b@test.example', 'Hello', 'Two')`.execute(db);
    const keys = await loadSigningKeys(db);
    const trimmer = world.users["a:trimmer"] as string;
    const token = await roleTokenFor(db, keys, { userId: trimmer, companyId: world.companies.a });
    headers = { "api-key": token.secret, jwt: token.jwtToken };
    // A write through the API: the audit trail has a row to copy.
    const app = await buildApp({ db, keys, publicUrl: "http://dashboard.test" });
    const trim = await app.inject({
      method: "POST",
      url: `/api/label-reports/${reportId}/trim`,
      headers,
      payload: { start: "2026-10-01T10:00:00Z", end: null, reason: "Probe acclimatisation" },
    });
    expect(trim.statusCode).toBe(200);
    await app.close();
    urls = [
      "/api/label-reports",
      `/api/label-reports/${reportId}`,
      `/api/label-reports/${reportId}/readings?maxPoints=100`,
      `/api/label-reports/${reportId}/audit`,
      "/api/users",
    ];
    expected = await answers(db);
  } finally {
    await source.close();
  }
  expect(expected.map((a) => a.status)).toEqual(urls.map(() => 200));
  // A fresh embedded database (initdb, every migration), a world and 1,200 readings: over two
  // minutes on a 2-core machine running another test run beside this one. The bound is for a hang.
}, 300_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("backup and restore", () => {
  test("a backup restored into an empty DATA_DIR gives the same API answers to the same role token", async () => {
    const file = join(dir, "backups", "first.tar.gz");
    const backup = await backupDatabase({ pgliteDir: sourceDir, out: file });
    expect(backup.bytes).toBeGreaterThan(0);
    const restoredDir = join(dir, "restored", "pglite");
    await restoreDatabase({ file, pgliteDir: restoredDir });
    const restored = await openDatabase({ dataDir: restoredDir });
    try {
      expect(await answers(restored.db)).toEqual(expected);
    } finally {
      await restored.close();
    }
  });

  test("a backup file is readable by its owner only: it holds password hashes and signing keys", async () => {
    const { file } = await backupDatabase({ pgliteDir: sourceDir, out: join(dir, "backups", "private.tar.gz") });
    expect(statSync(file).mode & 0o077).toBe(0);
  });

  test("backup refuses while another live process (the server) has the database open", async () => {
    const lock = lockFileOf(sourceDir);
    // The test runner's parent process: alive, and not us.
    writeFileSync(lock, JSON.stringify({ pid: process.ppid, command: "server/main.ts", since: "now" }));
    const out = join(dir, "backups", "while-running.tar.gz");
    try {
      await expect(backupDatabase({ pgliteDir: sourceDir, out })).rejects.toThrow(/Stop the server first/);
      expect(existsSync(out)).toBe(false);
    } finally {
      rmSync(lock, { force: true });
    }
  });

  test("a lock left behind by a crashed server does not block the backup", async () => {
    // A process id that is not running: the lock is stale.
    writeFileSync(
      lockFileOf(sourceDir),
      JSON.stringify({ pid: 2 ** 22 + 17, command: "server/main.ts", since: "then" }),
    );
    const backup = await backupDatabase({ pgliteDir: sourceDir, out: join(dir, "backups", "after-crash.tar.gz") });
    expect(backup.bytes).toBeGreaterThan(0);
    expect(existsSync(lockFileOf(sourceDir))).toBe(false);
  });

  test("restore refuses to replace a database that is there unless forced", async () => {
    const file = join(dir, "backups", "first.tar.gz");
    await expect(restoreDatabase({ file, pgliteDir: sourceDir })).rejects.toThrow(/--force/);
    const target = join(dir, "replaced", "pglite");
    const empty = await openDatabase({ dataDir: target });
    await empty.close();
    const result = await restoreDatabase({ file, pgliteDir: target, force: true });
    expect(result.keptAside && existsSync(result.keptAside)).toBe(true);
  });

  test("a file that is not a backup leaves the target folder untouched", async () => {
    const bogus = join(dir, "not-a-backup.tar.gz");
    writeFileSync(bogus, "hello");
    const target = join(dir, "bogus", "pglite");
    await expect(restoreDatabase({ file: bogus, pgliteDir: target })).rejects.toThrow(/not a backup/);
    expect(existsSync(target)).toBe(false);
  });
});

describe("copying the database", () => {
  test("bigint values (audit entry ids) are strings on PGlite as on PostgreSQL, so a move changes no answer", () => {
    const audit = expected.find((a) => a.url.endsWith("/audit"))?.body as { id: unknown }[];
    expect(audit.length).toBeGreaterThan(0);
    expect(typeof audit[0]?.id).toBe("string");
  });

  async function copyIntoMemory(batchRows: number): Promise<{ source: DatabaseHandle; target: DatabaseHandle }> {
    const source = await openDatabase({ dataDir: sourceDir });
    const target = await openDatabase({});
    await migrateToLatest(target.db);
    await copyDatabase(source.db, target.db, { batchRows });
    return { source, target };
  }

  test("every row of every table arrives exactly (timestamps, reals, json, arrays), in small batches", async () => {
    const { source, target } = await copyIntoMemory(7);
    try {
      const before = await contents(source.db);
      expect(before.measurements?.length).toBe(1200);
      expect(await contents(target.db)).toEqual(before);
    } finally {
      await source.close();
      await target.close();
    }
  });

  test("identity columns continue after the copied rows instead of colliding with them", async () => {
    const { source, target } = await copyIntoMemory(5_000);
    try {
      const inserted = await target.db
        .insertInto("outbox")
        .values({ recipient: "c@test.example", subject: "Hello", text: "Three" })
        .returning("id")
        .executeTakeFirstOrThrow();
      expect(String(inserted.id)).toBe("3");
    } finally {
      await source.close();
      await target.close();
    }
  });

  test("a target that already holds rows is refused and left as it was", async () => {
    const source = await openDatabase({ dataDir: sourceDir });
    const target = await openDatabase({});
    try {
      await migrateToLatest(target.db);
      await buildWorld(target.db, { reportsPerCompany: 1 });
      const before = await contents(target.db);
      await expect(copyDatabase(source.db, target.db)).rejects.toThrow(/not empty/);
      expect(await contents(target.db)).toEqual(before);
    } finally {
      await source.close();
      await target.close();
    }
  });

  const serverUrl = process.env.TEST_DATABASE_URL;
  test.skipIf(!serverUrl)(
    "move-to-postgres: PostgreSQL then gives the same API answers (needs TEST_DATABASE_URL; skipped without it)",
    async () => {
      const name = `ops_${randomBytes(6).toString("hex")}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = new URL(serverUrl as string);
      url.pathname = `/${name}`;
      try {
        const counts = await moveToPostgres({ pgliteDir: sourceDir, databaseUrl: url.toString() });
        expect(counts.find((c) => c.table === "measurements")).toEqual({
          table: "measurements",
          source: 1200,
          target: 1200,
        });
        const target = await openDatabase({ databaseUrl: url.toString() });
        const source = await openDatabase({ dataDir: sourceDir });
        try {
          expect(await answers(target.db)).toEqual(expected);
          expect(await contents(target.db)).toEqual(await contents(source.db));
        } finally {
          await target.close();
          await source.close();
        }
      } finally {
        const dropper = new pg.Client({ connectionString: serverUrl });
        await dropper.connect();
        await dropper.query(`drop database if exists ${name} with (force)`);
        await dropper.end();
      }
    },
  );
});
