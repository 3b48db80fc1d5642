import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type DatabaseHandle, openDatabase } from "../../server/db/index";
import { MAIN_CUSTOMER_COMPANY } from "../../server/seed/accounts";
import { findPrincipal, startServer } from "./harness";
import { autocannonThroughput } from "./load";
import { seedWithCli, settle } from "./seed";
import type { Throughput } from "./stats";

/**
 * `--only throughput`: list page 1 under autocannon alone, on a database seeded for it
 * (the seed CLI, no big report, no other measure), so that the requests/second budget can
 * be rerun and profiled in a few minutes instead of the whole benchmark.
 */

export type ThroughputKind = "pglite" | "postgres";

export interface ThroughputSizes {
  reports: number;
  connections: number;
  seconds: number;
  /** Page-1 requests before autocannon starts: JIT, plan cache and the estimate cache warm. */
  warmupRequests: number;
}

export interface ThroughputFigures {
  kind: ThroughputKind;
  reports: number;
  seedSeconds: number;
  /** totalDocuments of page 1 as measured (about 54 % of the reports). */
  visible: number;
  page1: Throughput;
}

export interface ThroughputEnv {
  root: string;
  /** Registers a cleanup that runs when the section ends or the benchmark is interrupted. */
  onCleanup(cleanup: () => Promise<void> | void): void;
  startPostgres(): Promise<{ url: string; stop(): void }>;
}

const PAGE1 = "/api/label-reports?pageSize=25";

export async function measureThroughput(
  kind: ThroughputKind,
  sizes: ThroughputSizes,
  env: ThroughputEnv,
  log: (line: string) => void,
): Promise<ThroughputFigures> {
  let handle: DatabaseHandle;
  let seedMs: number;
  if (kind === "pglite") {
    const dir = mkdtempSync(join(tmpdir(), "coldchain-bench-rps-"));
    env.onCleanup(() => rmSync(dir, { recursive: true, force: true }));
    log(`seeding PGlite: demo (small) + ${sizes.reports.toLocaleString("en-US")} reports (seed CLI)`);
    seedMs = await seedWithCli(env.root, { dataDir: dir }, sizes.reports);
    handle = await openDatabase({ dataDir: join(dir, "pglite") });
  } else {
    const pg = await env.startPostgres();
    env.onCleanup(() => pg.stop());
    log(`seeding PostgreSQL: demo (small) + ${sizes.reports.toLocaleString("en-US")} reports (seed CLI)`);
    seedMs = await seedWithCli(env.root, { databaseUrl: pg.url }, sizes.reports);
    handle = await openDatabase({ databaseUrl: pg.url });
  }
  env.onCleanup(() => handle.close());
  log(`seeded in ${(seedMs / 1000).toFixed(1)} s; vacuum (analyze)`);
  await settle(handle.db);

  const server = await startServer(handle.db);
  env.onCleanup(() => server.close());
  const admin = await findPrincipal(handle.db, "admin@demo.example", MAIN_CUSTOMER_COMPANY);
  const headers = await server.headersFor(admin);
  let visible = 0;
  for (let i = 0; i < sizes.warmupRequests; i++) {
    visible = (JSON.parse((await server.get(PAGE1, headers)).body) as { totalDocuments: number }).totalDocuments;
  }
  log(
    `page 1 (${visible.toLocaleString("en-US")} visible): autocannon ${sizes.connections} connections ${sizes.seconds} s`,
  );
  const page1 = await autocannonThroughput(`${server.baseUrl}${PAGE1}`, headers, {
    connections: sizes.connections,
    seconds: sizes.seconds,
  });
  log(`${page1.perSecond.toFixed(0)} req/s, p50 ${page1.latency.p50} ms, p99 ${page1.latency.p99} ms`);
  return { kind, reports: sizes.reports, seedSeconds: seedMs / 1000, visible, page1 };
}
