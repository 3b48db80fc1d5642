import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { buildApp } from "../../server/app";
import { type DatabaseHandle, openDatabase } from "../../server/db/index";
import { isDatabaseUnavailable } from "../../server/db/unavailable";
import { createTestApp, type TestApp } from "./support/app";
import { type FakePostgres, startFakePostgres } from "./support/fake-postgres";
import { buildWorld, type World } from "./support/world";

/**
 * The database goes away (stopped, restarting, its connections cut) and comes back: the
 * server answers a clear 503 meanwhile, says so on its health check, never crashes, and
 * answers again as soon as the database does. The database here is a stand-in PostgreSQL
 * (support/fake-postgres.ts) the test takes down and brings up at will; the signing keys
 * and the caller's token come from an ordinary test database.
 */

const MESSAGE = "The database is unavailable; try again shortly";

let t: TestApp;
let world: World;
let fake: FakePostgres;
let database: DatabaseHandle;
let app: FastifyInstance;
let headers: Record<string, string>;

// Every 'error' event nobody listened to ends the process; here it would reach this listener.
const crashes: Error[] = [];
const onCrash = (error: Error) => crashes.push(error);
beforeAll(() => {
  process.on("uncaughtException", onCrash);
});
afterAll(() => {
  process.off("uncaughtException", onCrash);
});

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db);
  headers = await t.headersFor(world.users["a:administrator"] as string, world.companies.a);
  fake = await startFakePostgres();
  database = await openDatabase({ databaseUrl: fake.url });
  app = await buildApp({ db: database.db, keys: t.keys, publicUrl: "http://dashboard.test" });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  await fake?.close();
  await t?.close();
});
beforeEach(() => {
  crashes.length = 0;
});
afterEach(async () => {
  await fake.up();
});

describe("while the database is down", () => {
  test("a data request answers 503 with Retry-After and the message", async () => {
    await fake.down();
    const res = await app.inject({ method: "GET", url: "/api/label-presets", headers });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ message: MESSAGE });
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
  });

  test("the health check answers 503 and says the database is down", async () => {
    await fake.down();
    const res = await app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: "unavailable", database: "down", message: MESSAGE });
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
  });
});

test("the health check answers 200 again as soon as the database is back, without a restart", async () => {
  await fake.down();
  expect((await app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(503);
  await fake.up();
  const res = await app.inject({ method: "GET", url: "/api/health" });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ status: "ok", database: "up" });
});

test("a connection ended while a request holds it (mid-transaction) does not crash the process", async () => {
  let holding!: () => void;
  const held = new Promise<void>((resolve) => {
    holding = resolve;
  });
  let proceed!: () => void;
  const gate = new Promise<void>((resolve) => {
    proceed = resolve;
  });
  const transaction = database.db.transaction().execute(async (trx) => {
    await sql`select 1`.execute(trx);
    holding();
    await gate;
    // The connection is gone by now: this statement fails instead of the process.
    await sql`select 1`.execute(trx);
  });
  await held;
  await fake.down();
  proceed();
  const error = await transaction.then(
    () => null,
    (e: unknown) => e,
  );
  expect(isDatabaseUnavailable(error)).toBe(true);
  expect(crashes).toEqual([]);
});

test("an idle connection the database ends does not crash the process, and the next query gets a fresh one", async () => {
  await sql`select 1`.execute(database.db);
  await fake.connected();
  await fake.down();
  await fake.up();
  await sql`select 1`.execute(database.db);
  expect(crashes).toEqual([]);
});
