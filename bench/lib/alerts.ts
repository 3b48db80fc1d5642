import { pathToFileURL } from "node:url";
import { buildApp } from "../../server/app";
import { newApiKey } from "../../server/auth/api-keys";
import { loadSigningKeys } from "../../server/auth/keys";
import { DEFAULT_ALERT_WORKER_INTERVAL_MS } from "../../server/config";
import { type Db, openDatabase } from "../../server/db/index";
import { migrateToLatest } from "../../server/db/migrate";
import type { Mail } from "../../server/mail/mailer";
import { type Latency, ms, summarise } from "./stats";

/**
 * Alert latency (an alert goes out within 5 s of the reading that triggers it): the
 * time from sending the POST /api/readings whose readings raise an alarm to the alert
 * worker handing that alarm's e-mail to the mail transport, on the real server listening
 * on 127.0.0.1 with the worker at its default interval (ALERT_WORKER_INTERVAL_MS). Each
 * run registers a new label, so each run is one new alarm. Its own in-memory PGlite.
 * Run alone: `npx tsx bench/lib/alerts.ts [--quick]`.
 */

const ALERT_BUDGET_MS = 5000;

const ALERT_SIZES = { full: { runs: 40 }, quick: { runs: 5 } } as const;

export interface AlertFigures {
  intervalMs: number;
  latency: Latency;
}

/**
 * A company of its own for each alarm, with a person to alert, a preset and an ingest key:
 * a company's alerts past ALERTS_PER_COMPANY_PER_HOUR go to a digest a quarter of an hour
 * later, by design, and the figure is of an alert that goes out at once.
 */
async function newCompany(db: Db, n: number): Promise<{ key: string; presetId: string }> {
  const company = await db
    .insertInto("companies")
    .values({ name: `Bench alerts ${n}`, type: "customer", addresses: "[]", billing: "{}" })
    .returning("id")
    .executeTakeFirstOrThrow();
  const user = await db
    .insertInto("users")
    .values({ email: `alerts-${n}@bench.example` })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("userRoles")
    .values({ userId: user.id, companyId: company.id, types: ["user"] })
    .execute();
  const preset = await db
    .insertInto("labelPresets")
    .values({ companyId: company.id, name: "Bench 2-8", slug: "bench-2-8", temperatureMin: 2, temperatureMax: 8 })
    .returning(["id"])
    .executeTakeFirstOrThrow();
  const { key, prefix, keyHash } = newApiKey();
  await db
    .insertInto("apiKeys")
    .values({ companyId: company.id, name: "bench", prefix, keyHash, scopes: ["ingest"] })
    .execute();
  return { key, presetId: preset.id };
}

export async function measureAlerts(quick: boolean, log: (msg: string) => void): Promise<AlertFigures> {
  const { runs } = ALERT_SIZES[quick ? "quick" : "full"];
  const database = await openDatabase({});
  await migrateToLatest(database.db);
  const db = database.db;
  const waiting = new Map<string, (at: number) => void>();
  const transport = async (mail: Mail) => {
    const label = /label ([A-Za-z0-9_-]+)/.exec(mail.subject)?.[1];
    if (label) waiting.get(label)?.(performance.now());
  };
  const keys = await loadSigningKeys(db);
  const app = await buildApp({
    db,
    keys,
    alertTransport: transport,
    alertWorkerIntervalMs: DEFAULT_ALERT_WORKER_INTERVAL_MS,
  });
  const base = await app.listen({ host: "127.0.0.1", port: 0 });
  const hourAgo = Date.now() - 3_600_000;
  const times: number[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const labelId = `BENCH-ALERT-${i}`;
      const { key, presetId } = await newCompany(db, i);
      const headers = { "api-key": key, "content-type": "application/json" };
      const registered = await fetch(`${base}/api/label-reports`, {
        method: "POST",
        headers,
        body: JSON.stringify({ labelId, presetId }),
      });
      if (registered.status !== 201) throw new Error(`register: ${registered.status} ${await registered.text()}`);
      const readings = Array.from({ length: 6 }, (_, n) => ({
        time: new Date(hourAgo + n * 300_000).toISOString(),
        temperature: 12,
      }));
      // A random moment of the worker's cycle, as a gateway's batch would arrive.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * DEFAULT_ALERT_WORKER_INTERVAL_MS));
      const delivered = new Promise<number>((resolve) => waiting.set(labelId, resolve));
      const started = performance.now();
      const sent = await fetch(`${base}/api/readings`, {
        method: "POST",
        headers,
        body: JSON.stringify({ labelId, readings }),
      });
      if (sent.status !== 200) throw new Error(`readings: ${sent.status} ${await sent.text()}`);
      const at = await Promise.race([
        delivered,
        new Promise<number>((_, reject) =>
          setTimeout(() => reject(new Error(`no alert for ${labelId} in 30 s`)), 30_000),
        ),
      ]);
      waiting.delete(labelId);
      times.push(at - started);
    }
  } finally {
    await app.close();
    await database.close();
  }
  const latency = summarise(times);
  log(`alert latency p50 ${ms(latency.p50)} / p99 ${ms(latency.p99)} over ${runs} alarms`);
  return { intervalMs: DEFAULT_ALERT_WORKER_INTERVAL_MS, latency };
}

export function alertRows(f: AlertFigures, quick: boolean) {
  return [
    {
      id: "alerts.latency",
      measure: `alert latency: alarming POST /api/readings to its e-mail handed to the transport (worker every ${ms(f.intervalMs)}, ${f.latency.runs} alarms)`,
      value: `p50 ${ms(f.latency.p50)} / p99 ${ms(f.latency.p99)}`,
      budget: `p99 ≤ ${ALERT_BUDGET_MS} ms`,
      ok: quick ? null : f.latency.p99 <= ALERT_BUDGET_MS,
    },
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const quick = process.argv.includes("--quick");
  const figures = await measureAlerts(quick, (msg) => console.log(msg));
  console.table(alertRows(figures, quick));
}
