import { hash } from "@node-rs/argon2";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildApp } from "../../../server/app";
import { newApiKey } from "../../../server/auth/api-keys";
import { databaseCounters } from "../../../server/auth/counter-store";
import { loadSigningKeys } from "../../../server/auth/keys";
import { Backoff, createThrottles } from "../../../server/auth/throttle";
import type { DatabaseHandle, Db } from "../../../server/db/index";
import { createTestDatabase } from "../support/database";
import { buildWorld, type World } from "../support/world";

/**
 * The counters that protect sign-in and downloads hold for the whole deployment: several
 * server processes (SERVER_PROCESSES) or instances on one database share one budget, so an
 * attacker who spreads requests over them gets no more than from one. Two apps over one
 * database stand for two processes.
 */

const PASSWORD = "Correct-horse-42";
const PER_ADDRESS = 6;
let database: DatabaseHandle;
let one: FastifyInstance;
let other: FastifyInstance;
let w: World;

/** A server process over the shared database, its throttles over the database as server/main.ts builds them. */
async function serverProcess(db: Db): Promise<FastifyInstance> {
  const app = await buildApp({
    db,
    keys: await loadSigningKeys(db),
    publicUrl: "http://dashboard.test",
    throttles: createThrottles({ store: databaseCounters(db), perAddress: PER_ADDRESS }),
    exportLimits: { perKeyPerMinute: 4 },
    lookupFloorMs: 0,
  });
  await app.ready();
  return app;
}

beforeAll(async () => {
  database = await createTestDatabase();
  one = await serverProcess(database.db);
  other = await serverProcess(database.db);
  w = await buildWorld(database.db, { reportsPerCompany: 1 });
  await database.db
    .updateTable("users")
    .set({ passwordHash: await hash(PASSWORD) })
    .execute();
});
afterAll(async () => {
  await other?.close();
  await one?.close();
  await database?.close();
});

function signIn(app: FastifyInstance, email: string, password: string, address: string) {
  return app.inject({
    method: "POST",
    url: "/api/auth/signin",
    remoteAddress: address,
    headers: { "st-auth-mode": "cookie", rid: "emailpassword" },
    payload: {
      formFields: [
        { id: "email", value: email },
        { id: "password", value: password },
      ],
    },
  });
}

describe("counters shared by every server process", () => {
  test("wrong passwords from one address spread over two processes still lock the address at its limit", async () => {
    const address = "198.51.100.7";
    const statuses: number[] = [];
    for (let i = 0; i < 2 * PER_ADDRESS; i++) {
      const app = i % 2 === 0 ? one : other;
      // A different account each time: the per-account waits stay out of the way.
      const res = await signIn(app, `nobody-${i}@example.test`, `Wrong-${i}-pass`, address);
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 429).length).toBe(PER_ADDRESS);
    expect(statuses.slice(0, PER_ADDRESS).every((s) => s !== 429)).toBe(true);
  });

  test("downloads of one key spread over two processes get 429 past the per-minute budget", async () => {
    const key = newApiKey();
    await database.db
      .insertInto("apiKeys")
      .values({ companyId: w.companies.a, name: "shared", prefix: key.prefix, keyHash: key.keyHash, createdBy: null })
      .execute();
    const url = `/api/label-reports/${w.reports.a[0]}/export?fileType=csv`;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const app = i % 2 === 0 ? one : other;
      statuses.push((await app.inject({ method: "GET", url, headers: { "api-key": key.key } })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    // The rest of the minute the first download started, as one process would answer.
    const over = await other.inject({ method: "GET", url, headers: { "api-key": key.key } });
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(30);
    expect(Number(over.headers["retry-after"])).toBeLessThanOrEqual(60);
  });

  test("the password backoff kept in the database waits twice as long after each failure, and starts afresh after a pause", async () => {
    let now = 1_000_000;
    const rule = { freeFailures: 2, firstWaitMs: 1000, maxWaitMs: 5000, forgetAfterMs: 60_000 };
    const backoff = new Backoff(rule, () => now, databaseCounters(database.db), "backoff-check");
    const blocked = () =>
      backoff.check("k", "tries").then(
        () => false,
        () => true,
      );
    const waits: number[] = [];
    for (let i = 0; i < 6; i++) {
      await backoff.fail("k");
      let waited = 0;
      while (await blocked()) {
        now += 1000;
        waited += 1000;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([0, 1000, 2000, 4000, 5000, 5000]);
    now += 61_000;
    await backoff.fail("k");
    expect(await blocked()).toBe(false);
  });
});
