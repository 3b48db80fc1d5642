import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../../server/db/index";
import { MAIN_CUSTOMER_COMPANY } from "../../server/seed/accounts";
import { startBareRoute } from "./bare-route";
import { findPrincipal, roleTokenHeaders } from "./harness";
import { autocannonThroughput } from "./load";
import { endOverdueReports, seedWithCli, settle } from "./seed";
import { childPids, cpuSeconds, type ServerDatabase, startServerProcess } from "./server-process";
import type { Throughput } from "./stats";

/**
 * `--only throughput`: list page 1 under autocannon alone, on a database seeded for it
 * (the seed CLI, no big report, no other measure), so that the requests/second budget can
 * be rerun and profiled in a few minutes instead of the whole benchmark. The server runs
 * as npm start runs it, in its own processes (server-process.ts), and the CPU time its
 * processes and PostgreSQL's spend per request is measured beside the rate. The rate is
 * judged against a bare Fastify route answering the same bytes (bare-route.ts) under the
 * same load right after.
 */

export type ThroughputKind = "pglite" | "postgres";

export interface ThroughputSizes {
  reports: number;
  connections: number;
  seconds: number;
  /** Page-1 requests before autocannon starts: JIT, plan cache and the estimate cache warm. */
  warmupRequests: number;
}

export interface ThroughputFigures extends ServedThroughput {
  kind: ThroughputKind;
  reports: number;
  seedSeconds: number;
}

export interface ThroughputEnv {
  root: string;
  /** Registers a cleanup that runs when the section ends or the benchmark is interrupted. */
  onCleanup(cleanup: () => Promise<void> | void): void;
  startPostgres(): Promise<{ url: string; dir: string; stop(): void }>;
}

const PAGE1 = "/api/label-reports?pageSize=25";

/** The postmaster and its children (backends, background workers) of a throwaway cluster. */
function postgresPids(dir: string): number[] {
  const postmaster = Number(readFileSync(join(dir, "data", "postmaster.pid"), "utf8").split("\n")[0]);
  return [postmaster, ...childPids(postmaster)];
}

export async function measureThroughput(
  kind: ThroughputKind,
  sizes: ThroughputSizes,
  env: ThroughputEnv,
  log: (line: string) => void,
): Promise<ThroughputFigures> {
  let database: ServerDatabase;
  let seedMs: number;
  let postgresDir: string | null = null;
  if (kind === "pglite") {
    const dir = mkdtempSync(join(tmpdir(), "coldchain-bench-rps-"));
    env.onCleanup(() => rmSync(dir, { recursive: true, force: true }));
    log(`seeding PGlite: demo (small) + ${sizes.reports.toLocaleString("en-US")} reports (seed CLI)`);
    seedMs = await seedWithCli(env.root, { dataDir: dir }, sizes.reports);
    database = { dataDir: dir };
  } else {
    const pg = await env.startPostgres();
    env.onCleanup(() => pg.stop());
    log(`seeding PostgreSQL: demo (small) + ${sizes.reports.toLocaleString("en-US")} reports (seed CLI)`);
    seedMs = await seedWithCli(env.root, { databaseUrl: pg.url }, sizes.reports);
    database = { databaseUrl: pg.url };
    postgresDir = pg.dir;
  }
  // The bench's own handle: settle the tables and sign the admin in, then let go (the
  // embedded database is one process: the server must be the only one to open it).
  const handle = await openDatabase("dataDir" in database ? { dataDir: join(database.dataDir, "pglite") } : database);
  let headers: Record<string, string>;
  try {
    log(`seeded in ${(seedMs / 1000).toFixed(1)} s; ending the reports whose planned end has passed`);
    const started = performance.now();
    const ended = await endOverdueReports(handle.db, kind === "postgres" ? 4 : 1);
    log(
      `${ended.toLocaleString("en-US")} ended in ${((performance.now() - started) / 1000).toFixed(1)} s; vacuum (analyze)`,
    );
    await settle(handle.db);
    headers = await roleTokenHeaders(
      handle.db,
      await findPrincipal(handle.db, "admin@demo.example", MAIN_CUSTOMER_COMPANY),
    );
  } finally {
    await handle.close();
  }

  const served = await measureServerThroughput(
    { root: env.root, database, postgresDir, headers, onCleanup: env.onCleanup },
    sizes,
    log,
  );
  return { kind, reports: sizes.reports, seedSeconds: seedMs / 1000, ...served };
}

export interface ServedThroughput {
  /** totalDocuments of page 1 as measured (about 54 % of the reports). */
  visible: number;
  page1: Throughput;
  /** The same bytes from memory on a bare Fastify route, same load, right after page 1. */
  bare: Throughput & { cpuPerRequestMs: number; bytes: number };
  /** page1.perSecond / bare.perSecond: what the budget judges. */
  ratio: number;
  /** Server processes answering (SERVER_PROCESSES as npm start sets it). */
  serverProcesses: number;
  /** CPU time per answered request during the run, in ms: the server's processes, and PostgreSQL's. */
  cpuPerRequest: { serverMs: number; postgresMs: number | null; clientMs: number };
}

export interface ServedDatabase {
  root: string;
  database: ServerDatabase;
  /** The throwaway PostgreSQL cluster's folder (for its processes' CPU time), or null for PGlite. */
  postgresDir: string | null;
  /** Role-token headers of the admin, minted on that database. */
  headers: Record<string, string>;
  onCleanup(cleanup: () => Promise<void> | void): void;
}

/**
 * Page 1 under autocannon against the server started as npm start starts it, on a
 * database nothing else has open; the CPU time of the server's processes and of
 * PostgreSQL's during the run, per answered request.
 */
export async function measureServerThroughput(
  { root, database, postgresDir, headers, onCleanup }: ServedDatabase,
  sizes: Omit<ThroughputSizes, "reports">,
  log: (line: string) => void,
): Promise<ServedThroughput> {
  const server = await startServerProcess(root, database, log);
  onCleanup(() => server.stop());
  let visible = 0;
  let page1Body = "";
  for (let i = 0; i < sizes.warmupRequests; i++) {
    const res = await fetch(`${server.baseUrl}${PAGE1}`, { headers });
    page1Body = await res.text();
    if (res.status !== 200) throw new Error(`GET ${PAGE1}: HTTP ${res.status} ${page1Body.slice(0, 300)}`);
    visible = (JSON.parse(page1Body) as { totalDocuments: number }).totalDocuments;
  }
  log(
    `page 1 (${visible.toLocaleString("en-US")} visible): autocannon ${sizes.connections} connections ${sizes.seconds} s`,
  );
  const serverPids = server.pids();
  // PostgreSQL starts a backend for each pool connection the load opens, so its processes
  // are read again at the end; each one counts from its reading at the start, or from its birth.
  const pgPids = () => (postgresDir ? postgresPids(postgresDir) : []);
  const pgBefore = new Map(pgPids().map((pid) => [pid, cpuSeconds([pid])]));
  const before = { server: cpuSeconds(serverPids) };
  const page1 = await autocannonThroughput(`${server.baseUrl}${PAGE1}`, headers, {
    connections: sizes.connections,
    seconds: sizes.seconds,
  });
  const answered = Math.max(1, page1.requests);
  const cpuPerRequest = {
    serverMs: ((cpuSeconds(serverPids) - before.server) * 1000) / answered,
    postgresMs: postgresDir
      ? (pgPids().reduce((sum, pid) => sum + cpuSeconds([pid]) - (pgBefore.get(pid) ?? 0), 0) * 1000) / answered
      : null,
    clientMs: (page1.clientCpuSeconds * 1000) / answered,
  };
  log(
    `${page1.perSecond.toFixed(0)} req/s, p50 ${page1.latency.p50} ms, p99 ${page1.latency.p99} ms; CPU per request: server ${cpuPerRequest.serverMs.toFixed(2)} ms${cpuPerRequest.postgresMs === null ? "" : `, PostgreSQL ${cpuPerRequest.postgresMs.toFixed(2)} ms`}, autocannon ${cpuPerRequest.clientMs.toFixed(2)} ms`,
  );
  await server.stop();
  const bare = await measureBareRoute(root, page1Body, headers, sizes, onCleanup);
  const ratio = page1.perSecond / bare.perSecond;
  log(
    `bare route, same ${bare.bytes.toLocaleString("en-US")} bytes: ${bare.perSecond.toFixed(0)} req/s, CPU per request ${bare.cpuPerRequestMs.toFixed(2)} ms; list / bare ${ratio.toFixed(2)}x`,
  );
  return { visible, page1, bare, ratio, serverProcesses: Math.max(1, serverPids.length - 1), cpuPerRequest };
}

/** The bare route's rate and CPU per request under the load page 1 had (same connections, same seconds). */
async function measureBareRoute(
  root: string,
  body: string,
  headers: Record<string, string>,
  sizes: Omit<ThroughputSizes, "reports">,
  onCleanup: ServedDatabase["onCleanup"],
): Promise<ServedThroughput["bare"]> {
  const bare = await startBareRoute(root, PAGE1, body);
  onCleanup(() => bare.stop());
  try {
    for (let i = 0; i < sizes.warmupRequests; i++) {
      const res = await fetch(bare.url, { headers });
      const text = await res.text();
      if (res.status !== 200 || text !== body) throw new Error(`bare route: HTTP ${res.status}, not the list's bytes`);
    }
    const before = cpuSeconds([bare.pid]);
    const run = await autocannonThroughput(bare.url, headers, {
      connections: sizes.connections,
      seconds: sizes.seconds,
    });
    const cpuPerRequestMs = ((cpuSeconds([bare.pid]) - before) * 1000) / Math.max(1, run.requests);
    const { clientCpuSeconds: _client, ...figures } = run;
    return { ...figures, cpuPerRequestMs, bytes: Buffer.byteLength(body) };
  } finally {
    await bare.stop();
  }
}
