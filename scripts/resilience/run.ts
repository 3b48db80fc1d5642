import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir, totalmem } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { signIn } from "./api-client";
import { EPCIS_STORM_BUDGET_MS, epcisStorm } from "./epcis-storm";
import { exportStorm, STORM_BUDGET_MS } from "./export-storm";
import { DEMO_ADMIN, DEMO_PASSWORD, databaseOutage, killDuringWrites, twoInstances } from "./faults";
import { hostileRequests } from "./hostile";
import { type LoadResult, runLoad } from "./load";
import { type ManagedPostgres, startPostgres } from "./postgres";
import { type ServerProcess, startServer } from "./server-process";

/**
 * `npm run test:resilience`: load and fault runs against the real server process on a
 * throwaway PostgreSQL with the big data set (and a load run on PGlite for its ceiling).
 * Prints one table and writes bench/results/resilience.json; exits 1 when a check fails.
 *
 * Environment: RESILIENCE_REPORTS (PostgreSQL reports, default 1,000,000),
 * RESILIENCE_PGLITE_REPORTS (default 100,000; 0 skips PGlite), RESILIENCE_SECONDS (load
 * duration, default 60), RESILIENCE_CONNECTIONS (default 50), RESILIENCE_INPUTS (hostile
 * requests, default 1000), RESILIENCE_OUTAGE_SECONDS (default 10), RESILIENCE_PORT (first
 * of three ports, default: free ports), RESILIENCE_STORM_SECONDS (the export storm, default
 * 30), RESILIENCE_EPCIS_SECONDS (the EPCIS storm, default 20), RESILIENCE_ONLY=storm (only
 * the export storm, on PostgreSQL with RESILIENCE_REPORTS), RESILIENCE_ONLY=epcis (only the
 * EPCIS storm, likewise), RESILIENCE_ONLY=outage (only the PostgreSQL outage, on the small
 * demo + RESILIENCE_REPORTS, default 100,000 there: about two minutes).
 * RESILIENCE_OUTAGE_PROCESSES: the outage run's SERVER_PROCESSES (default 2: a worker that
 * dies on the database's errors, or a primary that gives up on it, shows only with several).
 */

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const num = (name: string, fallback: number) => {
  const value = process.env[name];
  if (value === undefined || value === "") return fallback;
  const n = Number(value.replace(/[_,]/g, ""));
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a number >= 0, got '${value}'`);
  return n;
};
const REPORTS = num("RESILIENCE_REPORTS", 1_000_000);
const PGLITE_REPORTS = num("RESILIENCE_PGLITE_REPORTS", 100_000);
const SECONDS = num("RESILIENCE_SECONDS", 60);
const CONNECTIONS = num("RESILIENCE_CONNECTIONS", 50);
const INPUTS = num("RESILIENCE_INPUTS", 1000);
const STORM_SECONDS = num("RESILIENCE_STORM_SECONDS", 30);
const EPCIS_SECONDS = num("RESILIENCE_EPCIS_SECONDS", 20);
const ONLY = process.env.RESILIENCE_ONLY ?? "";
const OUTAGE_PROCESSES = num("RESILIENCE_OUTAGE_PROCESSES", 2) || 1;
/** The server answers 200 again within this long of the database's return. */
const OUTAGE_RECOVERY_BUDGET_MS = 5_000;
const COMPANY = "Meridian Pharma GmbH";
/** The second company of the export storm: it browses while the first one exports. */
const BROWSER = { email: "multi@demo.example", company: "Aurora Biologics AB" };

const cleanups: (() => void)[] = [];
const cleanUp = () => {
  for (const fn of cleanups.splice(0).reverse()) {
    try {
      fn();
    } catch {
      // best effort on the way out
    }
  }
};
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    cleanUp();
    process.exit(130);
  });
}

const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
const count = (n: number) => n.toLocaleString("en-US");

async function ports(): Promise<[number, number, number]> {
  const first = num("RESILIENCE_PORT", 0);
  if (first) return [first, first + 10, first + 20];
  const href = new URL("../pg-throwaway.mjs", import.meta.url).href;
  const { findFreePort } = (await import(href)) as { findFreePort(): Promise<number> };
  return [await findFreePort(), await findFreePort(), await findFreePort()];
}

async function seed(target: string[], reports: number): Promise<number> {
  const started = Date.now();
  const env = { ...process.env };
  delete env.DATABASE_URL;
  delete env.DATA_DIR;
  const args = ["--import", "tsx", "server/seed/cli.ts", "--profile", "small", "--reports", String(reports)];
  await new Promise<void>((ok, fail) => {
    const child = spawn(process.execPath, [...args, "--points", "0", ...target], {
      cwd: ROOT,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let tail = "";
    const forward = (chunk: Buffer) => {
      tail = (tail + chunk.toString("utf8")).slice(-4000);
      for (const line of chunk.toString("utf8").split("\n")) if (line.trim()) log(`  seed | ${line.trim()}`);
    };
    child.stdout.on("data", forward);
    child.stderr.on("data", forward);
    child.once("exit", (code) => (code === 0 ? ok() : fail(new Error(`seed failed (exit ${code}):\n${tail}`))));
  });
  return Date.now() - started;
}

/** Report ids to open: some demo reports with readings, and bulk ones from deep in the list. */
async function reportPool(server: ServerProcess, headers: Record<string, string>): Promise<string[]> {
  const ids = new Set<string>();
  for (const query of [
    "pageSize=100",
    "pageSize=100&pageNumber=50",
    "order=created%5Basc%5D&pageSize=100",
    "filter=&order=labelId%5Basc%5D&pageSize=100",
  ]) {
    const res = await fetch(`${server.baseUrl}/api/label-reports?${query}`, { headers });
    if (res.status !== 200) continue;
    for (const row of ((await res.json()) as { data: { id: string }[] }).data) ids.add(row.id);
  }
  return [...ids];
}

async function loadRun(server: ServerProcess, label: string): Promise<LoadResult & { rssMb: number | null }> {
  const session = await signIn(server.baseUrl, DEMO_ADMIN, DEMO_PASSWORD, COMPANY);
  const pool = await reportPool(server, session.headers);
  log(`${label}: ${CONNECTIONS} connections for ${SECONDS} s, ${pool.length} reports to open`);
  const result = await runLoad({
    baseUrl: server.baseUrl,
    headers: session.headers,
    reportIds: pool,
    connections: CONNECTIONS,
    seconds: SECONDS,
  });
  const rssMb = server.rssMb();
  log(
    `${label}: ${count(result.requests)} requests, ${count(result.requestsPerSecond)}/s, p50 ${result.p50Ms} ms, ` +
      `p99 ${result.p99Ms} ms, errors ${result.errors}, unexpected status ${result.non2xx}, RSS ${rssMb} MB ` +
      `(${JSON.stringify(result.statusCounts)})`,
  );
  return { ...result, rssMb };
}

interface Row {
  check: string;
  result: string;
  ok: boolean;
}

/** One key of COMPANY storms PDF exports while BROWSER's company browses. */
async function stormRun(server: ServerProcess, rows: Row[], results: Record<string, unknown>) {
  log(`export storm: 20 full-table PDF exports from one API key for ${STORM_SECONDS} s, ${BROWSER.company} browsing`);
  const storm = await exportStorm({
    baseUrl: server.baseUrl,
    password: DEMO_PASSWORD,
    storm: { email: DEMO_ADMIN, company: COMPANY },
    browser: BROWSER,
    seconds: STORM_SECONDS,
  });
  results.exportStorm = storm;
  const { list, health } = storm;
  log(
    `export storm: list page 1 p50 ${list.p50Ms} ms p99 ${list.p99Ms} ms (${list.requests}), ` +
      `/api/health p50 ${health.p50Ms} ms p99 ${health.p99Ms} ms (${health.requests}); ` +
      `storm ${JSON.stringify(storm.storm)}; without the storm: list p99 ${storm.baseline.list.p99Ms} ms, ` +
      `/api/health p99 ${storm.baseline.health.p99Ms} ms`,
  );
  rows.push({
    check: `export storm, other company p99 < ${STORM_BUDGET_MS} ms`,
    result:
      `list page 1 p50 ${list.p50Ms} / p99 ${list.p99Ms} ms, /api/health p50 ${health.p50Ms} / p99 ${health.p99Ms} ms; ` +
      `storm: ${storm.storm.ok} PDFs, ${storm.storm.refused429} refused 429, ${storm.storm.other} other, ` +
      `report of ${count(storm.storm.reportReadings)} readings; failures ${list.failures + health.failures}; ` +
      `baseline p99 list ${storm.baseline.list.p99Ms} / health ${storm.baseline.health.p99Ms} ms`,
    ok: storm.ok && server.alive(),
  });
}

/** Two ingest keys of COMPANY send hostile EPCIS documents while BROWSER's company asks for health. */
async function epcisStormRun(server: ServerProcess, rows: Row[], results: Record<string, unknown>) {
  log(`EPCIS storm: hostile captures from two ingest keys for ${EPCIS_SECONDS} s, ${BROWSER.company} browsing`);
  const storm = await epcisStorm({
    baseUrl: server.baseUrl,
    password: DEMO_PASSWORD,
    storm: { email: DEMO_ADMIN, company: COMPANY },
    browser: BROWSER,
    seconds: EPCIS_SECONDS,
  });
  results.epcisStorm = storm;
  const { list, health } = storm;
  log(
    `EPCIS storm: /api/health p50 ${health.p50Ms} ms p99 ${health.p99Ms} ms (${health.requests}), ` +
      `list page 1 p99 ${list.p99Ms} ms (${list.requests}); storm ${JSON.stringify(storm.storm)}`,
  );
  rows.push({
    check: `EPCIS storm, other company health p99 <= ${EPCIS_STORM_BUDGET_MS} ms`,
    result:
      `/api/health p50 ${health.p50Ms} / p99 ${health.p99Ms} ms, list page 1 p99 ${list.p99Ms} ms; ` +
      `captures: ${storm.storm.accepted202} accepted 202, ${storm.storm.refused400} refused 400, ` +
      `${storm.storm.refused429} refused 429, ${storm.storm.other} other; failures ${list.failures + health.failures}; ` +
      `baseline p99 health ${storm.baseline.health.p99Ms} / list ${storm.baseline.list.p99Ms} ms`,
    ok: storm.ok && server.alive(),
  });
}

/** PostgreSQL stopped under light load and started again: clear 503s meanwhile, 200s within 5 s after. */
async function outageRun(postgres: ManagedPostgres, port: number, rows: Row[], results: Record<string, unknown>) {
  log(`fault: PostgreSQL stopped under light load (${OUTAGE_PROCESSES} server processes)`);
  const outage = await databaseOutage(ROOT, postgres, port, { processes: OUTAGE_PROCESSES });
  results.outage = outage;
  log(`  ${JSON.stringify(outage)}`);
  rows.push({
    check: `PostgreSQL down ${outage.outageSeconds} s (${OUTAGE_PROCESSES} process${OUTAGE_PROCESSES === 1 ? "" : "es"}), back in <= ${OUTAGE_RECOVERY_BUDGET_MS / 1000} s`,
    result: `${outage.clear503} clear 503s, ${outage.bad} bad answers, server ${outage.serverStayedUp ? "stayed up" : "DIED"}, first 200 after ${outage.recoveryMs ?? "never"} ms`,
    ok:
      outage.bad === 0 &&
      outage.serverStayedUp &&
      outage.recoveryMs !== null &&
      outage.recoveryMs <= OUTAGE_RECOVERY_BUDGET_MS &&
      outage.clear503 > 0,
  });
}

/** RESILIENCE_ONLY=outage: the database outage alone, on a throwaway PostgreSQL with the small demo. */
async function outageOnly() {
  const [port] = await ports();
  const rows: Row[] = [];
  const results: Record<string, unknown> = { when: new Date().toISOString() };
  // Enough reports that a list page takes a while: the outage then meets statements in flight.
  const reports = num("RESILIENCE_REPORTS", 100_000);
  log(`PostgreSQL: starting a throwaway cluster, seeding demo (small) + ${count(reports)} reports`);
  const postgres = await startPostgres();
  cleanups.push(() => postgres.stop());
  await seed(["--database-url", postgres.url], reports);
  await outageRun(postgres, port, rows, results);
  printTable(rows);
  cleanUp();
  process.exit(rows.every((r) => r.ok) ? 0 : 1);
}

function printTable(rows: Row[]) {
  const width = Math.max(...rows.map((r) => r.check.length));
  console.log(`\n${"check".padEnd(width)} | ok | result`);
  console.log(`${"-".repeat(width)}-|----|-${"-".repeat(60)}`);
  for (const r of rows) console.log(`${r.check.padEnd(width)} | ${r.ok ? "ok" : "NO"} | ${r.result}`);
}

/** RESILIENCE_ONLY=storm or epcis: that storm alone, on a throwaway PostgreSQL. */
async function stormOnly() {
  const [port] = await ports();
  const rows: Row[] = [];
  const results: Record<string, unknown> = { when: new Date().toISOString() };
  log(`PostgreSQL: starting a throwaway cluster, seeding demo (small) + ${count(REPORTS)} reports`);
  const postgres = await startPostgres();
  cleanups.push(() => postgres.stop());
  await seed(["--database-url", postgres.url], REPORTS);
  const server = await startServer(ROOT, { port, databaseUrl: postgres.url });
  cleanups.push(() => server.child.kill("SIGKILL"));
  if (ONLY === "epcis") await epcisStormRun(server, rows, results);
  else await stormRun(server, rows, results);
  await server.stop();
  printTable(rows);
  console.log(JSON.stringify(ONLY === "epcis" ? results.epcisStorm : results.exportStorm, null, 2));
  cleanUp();
  process.exit(rows.every((r) => r.ok) ? 0 : 1);
}

async function main() {
  const started = Date.now();
  const [port, port2, port3] = await ports();
  const rows: Row[] = [];
  const results: Record<string, unknown> = {
    when: new Date().toISOString(),
    machine: { cpus: cpus().length, memoryGb: Math.round(totalmem() / 2 ** 30) },
    sizes: { postgresReports: REPORTS, pgliteReports: PGLITE_REPORTS, seconds: SECONDS, connections: CONNECTIONS },
  };

  // ---- PostgreSQL: load, hostile input, faults
  log(`PostgreSQL: starting a throwaway cluster, seeding demo (small) + ${count(REPORTS)} reports`);
  const postgres = await startPostgres();
  cleanups.push(() => postgres.stop());
  const seedMs = await seed(["--database-url", postgres.url], REPORTS);
  log(`seeded in ${(seedMs / 1000).toFixed(0)} s`);
  {
    const db = new pg.Client({ connectionString: postgres.url });
    await db.connect();
    await db.query("vacuum analyze");
    await db.end();
  }

  let server = await startServer(ROOT, { port, databaseUrl: postgres.url });
  cleanups.push(() => server.child.kill("SIGKILL"));
  const pgLoad = await loadRun(server, "load PostgreSQL");
  results.loadPostgres = pgLoad;
  rows.push({
    check: `load PostgreSQL (${count(REPORTS)} reports)`,
    result: `${count(pgLoad.requestsPerSecond)} req/s, p50 ${pgLoad.p50Ms} ms, p99 ${pgLoad.p99Ms} ms, errors ${pgLoad.errors + pgLoad.timeouts}, non-2xx ${pgLoad.non2xx}, RSS ${pgLoad.rssMb} MB`,
    ok: pgLoad.errors + pgLoad.timeouts === 0 && pgLoad.non2xx === 0 && server.alive(),
  });

  const session = await signIn(server.baseUrl, DEMO_ADMIN, DEMO_PASSWORD, COMPANY);
  const hostile = await hostileRequests(server.baseUrl, session.headers, INPUTS);
  results.hostile = hostile;
  log(`hostile input: ${hostile.tried} tried, ${hostile.broken} broken ${hostile.examples.join("; ")}`);
  rows.push({
    check: "hostile inputs (list grammar, ids)",
    result: `${count(hostile.tried)} tried, ${hostile.broken} answered 5xx or leaked internals`,
    ok: hostile.broken === 0,
  });
  await stormRun(server, rows, results);
  await epcisStormRun(server, rows, results);
  await server.stop();

  log("fault: kill -9 during a burst of writes");
  const kill = await killDuringWrites(ROOT, postgres.url, port);
  results.kill = kill;
  log(`  ${JSON.stringify(kill)}`);
  rows.push({
    check: "kill -9 during writes, restart",
    result: `${kill.acknowledged}/${kill.attempted} writes acknowledged, lost ${kill.lost}, half-written ${kill.halfWritten}, in flight ${kill.unanswered}`,
    ok: kill.lost === 0 && kill.halfWritten === 0 && kill.acknowledged > 0,
  });

  await outageRun(postgres, port, rows, results);

  log("fault: two instances on one PostgreSQL");
  const two = await twoInstances(ROOT, postgres.url, [port2, port3]);
  results.twoInstances = two;
  log(`  ${JSON.stringify(two)}`);
  rows.push({
    check: "two instances share sessions",
    result: `session on the other: ${two.sessionWorksOnOther ? "works" : "FAILS"}, refresh there: ${two.refreshOnOther ? "works" : "FAILS"}, sign-out honoured: ${two.signOutHonoured ? "yes" : "NO"} ${JSON.stringify(two.details)}`,
    ok: two.sessionWorksOnOther && two.refreshOnOther && two.signOutHonoured,
  });
  postgres.stop();

  // ---- PGlite: the load run only, for its ceiling
  if (PGLITE_REPORTS > 0) {
    const dir = mkdtempSync(join(tmpdir(), "resilience-pglite-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    log(`PGlite: seeding demo (small) + ${count(PGLITE_REPORTS)} reports in ${dir}`);
    await seed(["--data-dir", dir], PGLITE_REPORTS);
    server = await startServer(ROOT, { port, dataDir: dir });
    const liteLoad = await loadRun(server, "load PGlite");
    results.loadPglite = liteLoad;
    // PGlite is one connection in one process: its figures document the ceiling, not a pass mark.
    rows.push({
      check: `load PGlite (${count(PGLITE_REPORTS)} reports)`,
      result: `${count(liteLoad.requestsPerSecond)} req/s, p50 ${liteLoad.p50Ms} ms, p99 ${liteLoad.p99Ms} ms, errors ${liteLoad.errors + liteLoad.timeouts}, non-2xx ${liteLoad.non2xx}, RSS ${liteLoad.rssMb} MB`,
      ok: liteLoad.non2xx === 0 && server.alive(),
    });
    await server.stop();
  }

  const writesLost = kill.lost;
  rows.push({ check: "writes lost", result: String(writesLost), ok: writesLost === 0 });
  results.table = rows;
  results.minutes = Math.round((Date.now() - started) / 6000) / 10;
  const out = join(ROOT, "bench", "results", "resilience.json");
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);

  printTable(rows);
  console.log(`\nwritten to ${out} (${results.minutes} min)`);
  const failed = rows.filter((r) => !r.ok).length;
  cleanUp();
  process.exit(failed ? 1 : 0);
}

(ONLY === "storm" || ONLY === "epcis" ? stormOnly() : ONLY === "outage" ? outageOnly() : main()).catch((e) => {
  console.error(e instanceof Error ? (e.stack ?? e.message) : e);
  cleanUp();
  process.exit(1);
});
