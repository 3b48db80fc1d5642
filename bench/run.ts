/**
 * `npm run bench [-- --quick] [-- --check] [-- --pg | --no-pg] [-- --no-build] [-- --only ingest]`
 *
 * Performance figures with fixed data sizes (bench/README.md): the dashboard bundle,
 * the label-report list API on PGlite and on a throwaway PostgreSQL, and the chart
 * series of one big report. Prints one table and writes bench/results.json
 * (bench/results/results-quick.json for --quick); EXPLAIN output goes to bench/results/.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { type DatabaseHandle, openDatabase } from "../server/db/index";
import { migrateToLatest } from "../server/db/migrate";
import { MAIN_CUSTOMER_COMPANY } from "../server/seed/accounts";
import { alertRows, measureAlerts } from "./lib/alerts";
import { type BundleFigures, measureBundle } from "./lib/bundle";
import { type FrontendFigures, measureFrontend } from "./lib/frontend";
import { type BenchServer, findPrincipal, roleTokenHeaders, SqlRecorder, startServer } from "./lib/harness";
import { INGEST_SIZES, type IngestFigures, measureIngest } from "./lib/ingest";
import { LANES_BUDGET_P99_MS, type LanesFigures, measureLanes } from "./lib/lanes";
import { type ListFigures, type ListSizes, measureList } from "./lib/list";
import { measurePdf, pdfRows } from "./lib/pdf";
import { measurePlannedEnd, PLANNED_END_SIZES, plannedEndRows } from "./lib/planned-end";
import { measureReadings, type ReadingsFigures, type ReadingsSizes } from "./lib/readings";
import { measureReportOpen, type ReportOpenFigures } from "./lib/report-open";
import { addBigReport, type BigReport, seedWithCli, settle } from "./lib/seed";
import type { ServerDatabase } from "./lib/server-process";
import { bytes, count, type Latency, ms } from "./lib/stats";
import {
  measureServerThroughput,
  measureThroughput,
  type ServedThroughput,
  type ThroughputFigures,
} from "./lib/throughput";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const BENCH_DIR = join(ROOT, "bench");
const RESULTS_DIR = join(BENCH_DIR, "results");

type Kind = "pglite" | "postgres";

interface Sizes extends Omit<ListSizes, "warmup" | "runs" | "deepPage">, ReadingsSizes {
  pgliteReports: number;
  postgresReports: number;
  bigReportReadings: number;
  /**
   * The deep page by number, per database: 4,000 on PostgreSQL as the issue asks; PGlite's
   * 100,000 reports show about 54,000 rows, 2,159 pages, so 2,000 there.
   */
  deepPage: Record<Kind, number>;
  /** Timed list requests per measure, after the warm-up ones (PGlite is slower, so fewer). */
  listRuns: Record<Kind, { warmup: number; runs: number }>;
  /** Cold loads of each app in Chromium (median reported). */
  coldLoadRuns: number;
  /** Loads of the 10,000-row list page. */
  bigPageRuns: number;
  /** Openings of the big report in Chromium, ours and naive (median reported). */
  reportOpenRuns: number;
}

/**
 * PostgreSQL gets 1,000,000 reports: the seed CLI loads them in 130–217 s on the
 * 2-core reference machine (4,700–7,600 reports/s, depending on what else runs), inside
 * the 6-minute limit that would have meant 300,000.
 */
const FULL: Sizes = {
  pgliteReports: 100_000,
  postgresReports: 1_000_000,
  bigReportReadings: 500_000,
  pageSize: 25,
  deepPage: { pglite: 2_000, postgres: 4_000 },
  listRuns: { pglite: { warmup: 5, runs: 40 }, postgres: { warmup: 10, runs: 100 } },
  capMs: 20_000,
  concurrency: 50,
  rpsSeconds: 20,
  readingsWarmup: 2,
  readingsRuns: 20,
  naiveWarmup: 1,
  naiveRuns: 5,
  readingsCapMs: 30_000,
  coldLoadRuns: 7,
  bigPageRuns: 3,
  reportOpenRuns: 5,
};

const QUICK: Sizes = {
  pgliteReports: 3_000,
  postgresReports: 5_000,
  bigReportReadings: 20_000,
  pageSize: 25,
  deepPage: { pglite: 40, postgres: 40 },
  listRuns: { pglite: { warmup: 3, runs: 15 }, postgres: { warmup: 3, runs: 15 } },
  capMs: 10_000,
  concurrency: 50,
  rpsSeconds: 2,
  readingsWarmup: 1,
  readingsRuns: 5,
  naiveWarmup: 1,
  naiveRuns: 3,
  readingsCapMs: 10_000,
  coldLoadRuns: 2,
  bigPageRuns: 1,
  reportOpenRuns: 2,
};

const BUDGETS = {
  listP99Ms: 50,
  readingsWholeP99Ms: 1000,
  naiveRatio: 10,
  /**
   * First-load JS (gzip) of a route / the reference starter's list page. /signin was 0.35×
   * while the build rewrote two of antd's imports; without that step it measures 0.383×
   * (antd Form's engine and Tooltip ship with every form): the budget states that figure.
   */
  signinBundleRatio: 0.4,
  listBundleRatio: 0.8,
  /** Cold load to the first row a person can click (it opens the overlay), median / the starter's median. */
  interactiveRowRatio: 0.8,
  /** Big report: overlay open to chart painted (median), and naive / ours at least. */
  reportOpenMs: 1000,
  reportOpenNaiveRatio: 10,
  /** Ingestion on PostgreSQL: sustained readings/s, 100-reading batch p99, long / short report. */
  ingestPerSecond: 100_000,
  ingestBatch100P99Ms: 50,
  ingestFlatRatio: 2,
  /**
   * List page 1 under autocannon: its requests/second over a bare Fastify route's answering
   * the same bytes from memory, same load, same run (absolute rates moved 2x between runs
   * and hosts on the same code); the goal is shown beside it. p99 on PostgreSQL.
   */
  page1BareRatio: 0.4,
  page1BareRatioGoal: 0.6,
  page1LoadP99Ms: 100,
};

const USAGE = `Usage: npm run bench -- [--quick] [--check] [--pg | --no-pg] [--no-build]

  --quick      tiny sizes (smoke check, under 2 minutes); budgets are shown, not enforced
  --check      exit 1 when a figure breaks its budget
  --pg         require the PostgreSQL part (default: run it when PostgreSQL is installed)
  --no-pg      skip the PostgreSQL part
  --no-build   measure dist/ as it is, even when older than its sources
  --no-browser skip the reference starter, the cold loads and the big report opening in Chromium
  --no-pglite  skip the PGlite part (report-only figures), e.g. to rerun the PostgreSQL budgets alone
  --only NAME  run one section alone: ingest (readings ingestion, on its own empty databases),
               alerts (alert latency, its own PGlite), throughput (list page 1 under autocannon,
               on databases seeded for it alone),
               browser (bundle, cold loads, report opening; a small PGlite),
               plannedEnd (100,000 reports past their planned end ended on a throwaway PostgreSQL);
               lanes (GET /api/performance on 1,000,000 reports grouped into shipments, PostgreSQL);
  --reports N  with --only throughput: seed N reports on PostgreSQL instead of 1,000,000
               (to iterate; the budget is judged at full size only)
               results go to bench/results/results-only-NAME.json`;

const SECTIONS = ["ingest", "alerts", "throughput", "browser", "plannedEnd", "lanes"] as const;

/**
 * `--only browser`: the bundle, the cold loads and the report opening against a small PGlite
 * database (the list's first page looks the same at any size; the big report is smaller), to
 * iterate on the front end in a few minutes. The cold-load runs are the full ones.
 */
const BROWSER_ONLY = { reports: 3_000, bigReportReadings: 20_000 };

interface Row {
  id: string;
  measure: string;
  value: string;
  budget: string;
  /** true/false against a budget; null when the figure has no budget here. */
  ok: boolean | null;
}

interface DatabaseResult {
  kind: Kind;
  reports: number;
  seedSeconds: number;
  bigReport: Omit<BigReport, "ms"> & { seedSeconds: number };
  settleSeconds: number;
  list: ListFigures;
  readings: ReadingsFigures;
  /** Page 1 under autocannon, against the server as npm start runs it. */
  throughput: ServedThroughput;
}

const cleanups: (() => Promise<void> | void)[] = [];

async function runCleanups(): Promise<void> {
  while (cleanups.length) {
    const cleanup = cleanups.pop();
    try {
      await cleanup?.();
    } catch (error) {
      console.error(`cleanup failed: ${error instanceof Error ? error.message : error}`);
    }
  }
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: cleaning up`);
    void runCleanups().finally(() => process.exit(130));
  });
}

const pLatency = (l: Latency) =>
  `p50 ${ms(l.p50)} / p99 ${ms(l.p99)}${l.planned && l.runs < l.planned ? ` (${l.runs} of ${l.planned} runs: time cap)` : ""}`;
const seconds = (msValue: number) => `${(msValue / 1000).toFixed(1)} s`;

interface PgModule {
  findPostgresBin(): string | null;
  startThrowawayPostgres(options?: { quiet?: boolean }): Promise<{ url: string; dir: string; stop(): void }>;
}

async function loadPgModule(): Promise<PgModule> {
  // Plain .mjs without types (it must run before npm install): imported by URL.
  const href = new URL("../scripts/pg-throwaway.mjs", import.meta.url).href;
  return (await import(href)) as PgModule;
}

async function benchDatabase(
  kind: Kind,
  sizes: Sizes,
  quick: boolean,
  log: (line: string) => void,
  /** More measures against this database's server and big report, before it closes (the browser half). */
  withServer?: (server: BenchServer, big: BigReport) => Promise<void>,
): Promise<DatabaseResult> {
  const reports = kind === "pglite" ? sizes.pgliteReports : sizes.postgresReports;
  let handle: DatabaseHandle;
  let seedMs: number;
  let served: ServerDatabase;
  let postgresDir: string | null = null;
  const recorder = new SqlRecorder();
  if (kind === "pglite") {
    const dir = mkdtempSync(join(tmpdir(), "coldchain-bench-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    log(`seeding PGlite in ${dir}: demo (small) + ${count(reports)} reports (seed CLI)`);
    seedMs = await seedWithCli(ROOT, { dataDir: dir }, reports);
    handle = await openDatabase({ dataDir: join(dir, "pglite"), log: recorder.log });
    served = { dataDir: dir };
  } else {
    const pg = await (await loadPgModule()).startThrowawayPostgres();
    cleanups.push(() => pg.stop());
    log(`seeding throwaway PostgreSQL: demo (small) + ${count(reports)} reports (seed CLI)`);
    seedMs = await seedWithCli(ROOT, { databaseUrl: pg.url }, reports);
    handle = await openDatabase({ databaseUrl: pg.url, log: recorder.log });
    served = { databaseUrl: pg.url };
    postgresDir = pg.dir;
  }
  let closed = false;
  const closeHandle = async () => {
    if (closed) return;
    closed = true;
    await handle.close();
  };
  cleanups.push(closeHandle);
  log(`seeded in ${seconds(seedMs)}`);

  log(`big report: ${count(sizes.bigReportReadings)} readings at 1 minute`);
  const big = await addBigReport(handle.db, sizes.bigReportReadings);
  log(`big report stored in ${seconds(big.ms)}`);
  const settleMs = await settle(handle.db);
  log(`vacuum (analyze) in ${seconds(settleMs)}`);

  const server = await startServer(handle.db, { recorder });
  let serverClosed = false;
  const closeServer = async () => {
    if (serverClosed) return;
    serverClosed = true;
    await server.close();
  };
  cleanups.push(closeServer);
  const label = kind === "pglite" ? "pglite" : "postgres";
  const explain = {
    dir: RESULTS_DIR,
    prefix: `explain-${label}${quick ? "-quick" : ""}`,
    title: `${kind === "pglite" ? "PGlite" : "PostgreSQL"}, ${count(reports)} reports (+ demo) and a report of ${count(sizes.bigReportReadings)} readings, as admin@demo.example`,
  };
  const list = await measureList(
    server,
    { ...sizes, ...sizes.listRuns[kind], deepPage: sizes.deepPage[kind] },
    explain,
    (line) => log(`list: ${line}`),
  );
  const readings = await measureReadings(server, big, sizes, explain, (line) => log(`readings: ${line}`));
  if (withServer) await withServer(server, big);

  // Requests per second of the server as npm start runs it, on this database alone: the
  // in-process server and the bench's handle let go first (PGlite is one process).
  const headers = await roleTokenHeaders(
    handle.db,
    await findPrincipal(handle.db, "admin@demo.example", MAIN_CUSTOMER_COMPANY),
  );
  await closeServer();
  await closeHandle();
  const throughput = await measureServerThroughput(
    { root: ROOT, database: served, postgresDir, headers, onCleanup: (c) => void cleanups.push(c) },
    { connections: sizes.concurrency, seconds: sizes.rpsSeconds, warmupRequests: 200 },
    (line) => log(`throughput: ${line}`),
  );

  // Close now (not at exit): the next database gets the machine to itself.
  await runCleanups();
  const { ms: bigMs, ...bigReport } = big;
  return {
    kind,
    reports,
    seedSeconds: seedMs / 1000,
    bigReport: { ...bigReport, seedSeconds: bigMs / 1000 },
    settleSeconds: settleMs / 1000,
    list,
    readings,
    throughput,
  };
}

/** A small PGlite database and its server for `--only browser` (no API figures). */
async function benchBrowserDatabase(
  log: (line: string) => void,
  withServer: (server: BenchServer, big: BigReport) => Promise<void>,
): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "coldchain-bench-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  log(`seeding PGlite in ${dir}: demo (small) + ${count(BROWSER_ONLY.reports)} reports (seed CLI)`);
  await seedWithCli(ROOT, { dataDir: dir }, BROWSER_ONLY.reports);
  const handle = await openDatabase({ dataDir: join(dir, "pglite") });
  cleanups.push(() => handle.close());
  const big = await addBigReport(handle.db, BROWSER_ONLY.bigReportReadings);
  await settle(handle.db);
  const server = await startServer(handle.db);
  cleanups.push(() => server.close());
  await withServer(server, big);
  await runCleanups();
}

/** Where the bundle rows end: the browser rows go right after them. */
function bundleRowCount(rows: Row[]): number {
  const index = rows.findIndex((r) => !r.id.startsWith("bundle"));
  return index === -1 ? rows.length : index;
}

function bundleRows(bundle: BundleFigures): Row[] {
  const sizes = (s: { raw: number; gzip: number; brotli: number }) =>
    `${bytes(s.raw)} raw, ${bytes(s.gzip)} gzip, ${bytes(s.brotli)} brotli`;
  return [
    {
      id: "bundle.firstLoadJs",
      measure: `bundle: first-load JS (${bundle.firstLoadJs.files.length} files)`,
      value: sizes(bundle.firstLoadJs),
      budget: "-",
      ok: null,
    },
    {
      id: "bundle.listPageJs",
      measure: `bundle: + /label-reports list page JS (${bundle.listPageJs.files.length} files)`,
      value: sizes(bundle.listPageJs),
      budget: "-",
      ok: null,
    },
  ];
}

function databaseRows(result: DatabaseResult, sizes: Sizes, quick: boolean): Row[] {
  const name = result.kind === "pglite" ? "PGlite" : "PostgreSQL";
  const p = `${result.kind}`;
  const onPg = result.kind === "postgres";
  const judge = (value: number, limit: number, atLeast = false): boolean | null => {
    if (quick) return null;
    return atLeast ? value >= limit : value <= limit;
  };
  const listBudget = onPg ? `p99 ≤ ${BUDGETS.listP99Ms} ms` : "report only";
  const { list, readings } = result;
  const deep = count(list.deepPage);
  const t = result.throughput.page1;
  return [
    {
      id: `${p}.seed`,
      measure: `${name}: seed ${count(result.reports)} reports (CLI)`,
      value: seconds(result.seedSeconds * 1000),
      budget: "-",
      ok: null,
    },
    {
      id: `${p}.list.page1`,
      measure: `${name}: list page 1 (${count(list.visible)} visible)`,
      value: pLatency(list.page1),
      budget: listBudget,
      ok: onPg ? judge(list.page1.p99, BUDGETS.listP99Ms) : null,
    },
    {
      id: `${p}.list.deepOffset`,
      measure: `${name}: list page ${deep} by pageNumber`,
      value: pLatency(list.deepOffset),
      budget: "-",
      ok: null,
    },
    {
      id: `${p}.list.deepAfter`,
      measure: `${name}: list page ${deep} by after cursor`,
      value: pLatency(list.deepAfter),
      budget: listBudget,
      ok: onPg ? judge(list.deepAfter.p99, BUDGETS.listP99Ms) : null,
    },
    {
      id: `${p}.list.search`,
      measure: `${name}: list search labelId[ilike]A1`,
      value: pLatency(list.search),
      budget: "-",
      ok: null,
    },
    {
      id: `${p}.list.statusViolation`,
      measure: `${name}: list status=ended + temperatureViolation`,
      value: pLatency(list.statusViolation),
      budget: "-",
      ok: null,
    },
    {
      id: `${p}.list.countOnly`,
      measure: `${name}: totalDocuments alone (exact to 1,000, then estimate)`,
      value: pLatency(list.countOnly),
      budget: "-",
      ok: null,
    },
    {
      id: `${p}.list.distributorPage1`,
      measure: `${name}: list page 1, distributor (${count(list.distributorPage1.visible)} visible)`,
      value: pLatency(list.distributorPage1),
      budget: "-",
      ok: null,
    },
    {
      id: `${p}.list.page1Throughput`,
      measure: `${name}: list page 1, autocannon ${t.concurrency} connections ${sizes.rpsSeconds} s`,
      ...throughputJudged(result.kind, result.throughput, quick),
    },
    {
      id: `${p}.readings.seed`,
      measure: `${name}: store big report ${count(readings.readings)} readings`,
      value: seconds(result.bigReport.seedSeconds * 1000),
      budget: "-",
      ok: null,
    },
    {
      id: `${p}.readings.whole`,
      measure: `${name}: readings whole report, maxPoints=2000`,
      value: `${pLatency(readings.whole.latency)}; ${bytes(readings.whole.bytes)} (${bytes(readings.whole.gzipBytes)} gzip), ${count(readings.whole.points)} points`,
      budget: `p99 ≤ ${BUDGETS.readingsWholeP99Ms} ms`,
      ok: judge(readings.whole.latency.p99, BUDGETS.readingsWholeP99Ms),
    },
    {
      id: `${p}.readings.zoom`,
      measure: `${name}: readings 1-day zoom, maxPoints=2000`,
      value: `${pLatency(readings.zoom.latency)}; ${bytes(readings.zoom.bytes)} (${bytes(readings.zoom.gzipBytes)} gzip), ${count(readings.zoom.points)} points`,
      budget: "-",
      ok: null,
    },
    {
      id: `${p}.readings.naive`,
      measure: `${name}: naive select all + JSON.stringify`,
      value: `${pLatency(readings.naive.latency)}; ${bytes(readings.naive.bytes)} (${bytes(readings.naive.gzipBytes)} gzip), ${count(readings.naive.points)} rows`,
      budget: "-",
      ok: null,
    },
    {
      id: `${p}.readings.ratio`,
      measure: `${name}: naive / downsampled (p50)`,
      value: `${readings.ratio.toFixed(1)}x`,
      budget: `≥ ${BUDGETS.naiveRatio}x`,
      ok: judge(readings.ratio, BUDGETS.naiveRatio, true),
    },
  ];
}

function frontendRows(f: FrontendFigures, bundle: BundleFigures | undefined, quick: boolean): Row[] {
  const judge = (value: number, limit: number): boolean | null => (quick ? null : value <= limit);
  const starterJs = f.starter.listPageJs;
  const ratio = (r: number | undefined) => (r === undefined ? "-" : `${r.toFixed(2)}x`);
  const routeRow = (route: string, limit: number | null): Row => {
    const sizes = bundle?.routes[route];
    const r = f.bundleRatios[route];
    return {
      id: `bundle.route.${route}`,
      measure: `bundle: ${route} first-load JS vs starter`,
      value: sizes ? `${bytes(sizes.gzip)} gzip (${bytes(sizes.raw)} raw) = ${ratio(r)}` : "-",
      budget: limit === null ? "-" : `≤ ${limit}x`,
      ok: limit === null || r === undefined ? null : judge(r, limit),
    };
  };
  const o = f.coldLoad.ours.median;
  const s = f.coldLoad.starter.median;
  const pair = (a: string, b: string) => `ours ${a} / starter ${b}`;
  const runs = f.coldLoad.ours.runs.length;
  const rows: Row[] = [
    {
      id: "bundle.starter",
      measure: "bundle: reference starter list page first-load JS",
      value: `${bytes(starterJs.gzip)} gzip (${bytes(starterJs.raw)} raw, ${bytes(starterJs.brotli)} brotli)`,
      budget: "-",
      ok: null,
    },
    routeRow("/signin", BUDGETS.signinBundleRatio),
    routeRow("/label-reports", BUDGETS.listBundleRatio),
    routeRow("/label-reports/{id}", null),
    {
      id: "browser.interactiveRow",
      measure: `cold load to the first row of the interactive list (median of ${runs})`,
      value: `${pair(ms(o.interactiveRowMs), ms(s.interactiveRowMs))} = ${ratio(f.interactiveRowRatio)}`,
      budget: `≤ ${BUDGETS.interactiveRowRatio}x`,
      ok: judge(f.interactiveRowRatio, BUDGETS.interactiveRowRatio),
    },
    {
      id: "browser.firstClick",
      measure: "first click handled: click on the row's link to the overlay painted (median)",
      value: ms(o.firstClickMs),
      budget: "-",
      ok: null,
    },
    {
      id: "browser.fcp",
      measure: "cold load FCP (median)",
      value: pair(ms(o.fcpMs), ms(s.fcpMs)),
      budget: "-",
      ok: null,
    },
    {
      id: "browser.lcp",
      measure: "cold load LCP (median)",
      value: pair(ms(o.lcpMs), ms(s.lcpMs)),
      budget: "-",
      ok: null,
    },
    {
      id: "browser.longTasks",
      measure: "cold load long-task total (median)",
      value: pair(ms(o.longTaskMs), ms(s.longTaskMs)),
      budget: "-",
      ok: null,
    },
    {
      id: "browser.heap",
      measure: "cold load JS heap used (median)",
      value: pair(bytes(o.jsHeapBytes), bytes(s.jsHeapBytes)),
      budget: "-",
      ok: null,
    },
    {
      id: "browser.jsTransfer",
      measure: "cold load JS transferred (median)",
      value: pair(bytes(o.jsTransferBytes), bytes(s.jsTransferBytes)),
      budget: "-",
      ok: null,
    },
  ];
  const big = f.bigPage;
  if (big)
    rows.push({
      id: "browser.bigPage",
      measure: `list page of ${count(big.median.rows)} rows (virtualised; median of ${big.runs.length})`,
      value: `first row ${ms(big.median.firstRowMs)}, ${big.median.domRows} rows in the DOM; scrolling: frames p50 ${ms(big.median.frameP50Ms)} / p95 ${ms(big.median.frameP95Ms)}, ${(big.median.slowFrameShare * 100).toFixed(1)}% over 50 ms`,
      budget: "-",
      ok: null,
    });
  return rows;
}

function reportOpenRows(f: ReportOpenFigures, quick: boolean): Row[] {
  const judge = (ok: boolean): boolean | null => (quick ? null : ok);
  const o = f.ours.median;
  const n = f.naive.median;
  const runs = f.ours.runs.length;
  return [
    {
      id: "browser.reportOpen",
      measure: `open the ${count(f.readings)}-reading report: overlay open to chart painted (median of ${runs})`,
      value: `${ms(o.openToPaintMs)} (click to painted ${ms(o.clickToPaintMs)})`,
      budget: `≤ ${BUDGETS.reportOpenMs} ms`,
      ok: judge(o.openToPaintMs <= BUDGETS.reportOpenMs),
    },
    {
      id: "browser.reportOpenNaive",
      measure: `naive: every reading fetched and drawn by uPlot (median of ${runs})`,
      value: `${ms(n.totalMs)} (fetch ${ms(n.fetchMs)}, parse ${ms(n.parseMs)}, draw ${ms(n.drawMs)}; ${count(n.points)} points, ${bytes(n.bytes)})`,
      budget: "-",
      ok: null,
    },
    {
      id: "browser.reportOpenRatio",
      measure: "naive / ours (report open to chart painted)",
      value: `${f.ratio.toFixed(1)}x`,
      budget: `≥ ${BUDGETS.reportOpenNaiveRatio}x`,
      ok: judge(f.ratio >= BUDGETS.reportOpenNaiveRatio),
    },
  ];
}

function ingestRows(kind: Kind, f: IngestFigures, quick: boolean): Row[] {
  const name = kind === "pglite" ? "PGlite" : "PostgreSQL";
  const onPg = kind === "postgres";
  const judge = (ok: boolean): boolean | null => (quick || !onPg ? null : ok);
  const { sustained, flat, sizes } = f;
  return [
    {
      id: `${kind}.ingest.sustained`,
      measure: `${name}: ingest ${sizes.senders} senders × ${sizes.batchesPerSender} batches of ${count(sizes.batchSize)}`,
      value: `${count(Math.round(sustained.perSecond))} readings/s (${count(sustained.readings)} in ${seconds(sustained.seconds * 1000)}; batch ${pLatency(sustained.batch)})`,
      budget: onPg ? `≥ ${count(BUDGETS.ingestPerSecond)}/s` : "report only",
      ok: judge(sustained.perSecond >= BUDGETS.ingestPerSecond),
    },
    {
      id: `${kind}.ingest.batch100`,
      measure: `${name}: one 100-reading batch after another`,
      value: pLatency(f.smallBatch),
      budget: onPg ? `p99 ≤ ${BUDGETS.ingestBatch100P99Ms} ms` : "report only",
      ok: judge(f.smallBatch.p99 <= BUDGETS.ingestBatch100P99Ms),
    },
    {
      id: `${kind}.ingest.summaryFlat`,
      measure: `${name}: 100-reading batch into a 10- vs a ${count(sizes.longReportReadings)}-reading report (p50)`,
      value: `${ms(flat.shortReport.p50)} vs ${ms(flat.longReport.p50)} = ${flat.ratio.toFixed(2)}x (a full recompute of the long one: ${ms(flat.fullRecomputeMs)})`,
      budget: `≤ ${BUDGETS.ingestFlatRatio}x`,
      ok: quick ? null : flat.ratio <= BUDGETS.ingestFlatRatio,
    },
  ];
}

/** The ingestion rows on an empty database of their own per kind (no seed needed). */
async function benchIngest(kind: Kind, quick: boolean, log: (line: string) => void): Promise<Row[]> {
  let handle: DatabaseHandle;
  if (kind === "pglite") handle = await openDatabase({});
  else {
    const pg = await (await loadPgModule()).startThrowawayPostgres();
    cleanups.push(() => pg.stop());
    handle = await openDatabase({ databaseUrl: pg.url });
  }
  cleanups.push(() => handle.close());
  try {
    await migrateToLatest(handle.db);
    const figures = await measureIngest(handle.db, INGEST_SIZES[quick ? "quick" : "full"], log);
    ingestResults[kind] = figures;
    return ingestRows(kind, figures, quick);
  } finally {
    await runCleanups();
  }
}

const ingestResults: Partial<Record<Kind, IngestFigures>> = {};

/** The value, budget and verdict of a page-1 autocannon figure (full sizes only are judged). */
function throughputJudged(kind: Kind, served: ServedThroughput, quick: boolean): Pick<Row, "value" | "budget" | "ok"> {
  const t = served.page1;
  const onPg = kind === "postgres";
  const ok =
    t.errors === 0 &&
    served.bare.errors === 0 &&
    served.ratio >= BUDGETS.page1BareRatio &&
    (!onPg || t.latency.p99 <= BUDGETS.page1LoadP99Ms);
  const { serverMs, postgresMs, clientMs } = served.cpuPerRequest;
  const processes = `${served.serverProcesses} server process${served.serverProcesses === 1 ? "" : "es"}`;
  const cpu = `CPU/request ${serverMs.toFixed(2)} ms server${postgresMs === null ? "" : ` + ${postgresMs.toFixed(2)} ms PostgreSQL`} + ${clientMs.toFixed(2)} ms autocannon`;
  const bare = `bare route ${served.bare.perSecond.toFixed(0)} req/s, CPU/request ${served.bare.cpuPerRequestMs.toFixed(2)} ms`;
  return {
    value: `${served.ratio.toFixed(2)}x: ${t.perSecond.toFixed(0)} req/s (p50 ${ms(t.latency.p50)} / p99 ${ms(t.latency.p99)}${t.errors ? `, ${t.errors} errors` : ""}; ${processes}, ${cpu}) / ${bare}`,
    budget: `≥ ${BUDGETS.page1BareRatio}x bare (goal ${BUDGETS.page1BareRatioGoal}x)${onPg ? `, p99 ≤ ${BUDGETS.page1LoadP99Ms} ms` : ""}`,
    ok: quick ? null : ok,
  };
}

const throughputResults: Partial<Record<Kind, ThroughputFigures>> = {};

/** `--only throughput`: the full run's database sizes unless --reports N (PostgreSQL), then not judged. */
async function benchThroughput(
  kind: Kind,
  quick: boolean,
  reportsFlag: string | undefined,
  log: (line: string) => void,
): Promise<Row[]> {
  const sizes = quick ? QUICK : FULL;
  const full = kind === "pglite" ? sizes.pgliteReports : sizes.postgresReports;
  const reports = kind === "postgres" && reportsFlag !== undefined ? Number(reportsFlag) : full;
  if (!Number.isInteger(reports) || reports < 1) throw new Error(`--reports: not a positive integer: ${reportsFlag}`);
  try {
    const figures = await measureThroughput(
      kind,
      { reports, connections: sizes.concurrency, seconds: sizes.rpsSeconds, warmupRequests: 200 },
      {
        root: ROOT,
        onCleanup: (c) => void cleanups.push(c),
        startPostgres: async () => (await loadPgModule()).startThrowawayPostgres(),
      },
      log,
    );
    throughputResults[kind] = figures;
    const name = kind === "pglite" ? "PGlite" : "PostgreSQL";
    return [
      {
        id: `${kind}.throughput.page1`,
        measure: `${name}: list page 1 (${count(figures.visible)} of ${count(reports)} visible), autocannon ${sizes.concurrency} connections ${sizes.rpsSeconds} s`,
        ...throughputJudged(kind, figures, quick || reports !== full),
      },
    ];
  } finally {
    await runCleanups();
  }
}

/** The lane and carrier rows: p99 of GET /api/performance for the whole demo year, judged at full size. */
function lanesRows(figures: LanesFigures, judged: boolean): Row[] {
  const budget = judged ? `p99 ≤ ${BUDGETS_LANES_TEXT}` : "report only";
  const of = `${count(figures.visibleShipments)} of ${count(figures.shipments)} shipments, ${count(figures.reports)} reports`;
  return (["lane", "carrier"] as const).map((groupBy) => ({
    id: `postgres.lanes.${groupBy}`,
    measure: `PostgreSQL: performance by ${groupBy}, one year (${of})`,
    value: pLatency(figures[groupBy]),
    budget,
    ok: judged ? figures[groupBy].p99 <= LANES_BUDGET_P99_MS : null,
  }));
}

const BUDGETS_LANES_TEXT = `${count(LANES_BUDGET_P99_MS)} ms`;

function printTable(rows: Row[]): string {
  const header: Row = { id: "", measure: "measure", value: "value", budget: "budget", ok: null };
  const okText = (row: Row) => (row === header ? "ok" : row.ok === null ? "" : row.ok ? "ok" : "BROKEN");
  const widths = [
    Math.max(...[header, ...rows].map((r) => r.measure.length)),
    Math.max(...[header, ...rows].map((r) => r.value.length)),
    Math.max(...[header, ...rows].map((r) => r.budget.length)),
    6,
  ];
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] as number)).join(" | ")} |`;
  const out = [
    line([header.measure, header.value, header.budget, okText(header)]),
    `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`,
    ...rows.map((r) => line([r.measure, r.value, r.budget, okText(r)])),
  ];
  return out.join("\n");
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      quick: { type: "boolean", default: false },
      check: { type: "boolean", default: false },
      pg: { type: "boolean", default: false },
      "no-pg": { type: "boolean", default: false },
      "no-build": { type: "boolean", default: false },
      "no-browser": { type: "boolean", default: false },
      "no-pglite": { type: "boolean", default: false },
      only: { type: "string" },
      reports: { type: "string" },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const only = values.only;
  if (only !== undefined && !(SECTIONS as readonly string[]).includes(only)) {
    console.error(`--only: unknown section ${only}\n\n${USAGE}`);
    return 2;
  }
  const quick = values.quick;
  const sizes = quick ? QUICK : FULL;
  const started = new Date();
  const loadAtStart = loadavg();
  const log = (section: string) => (line: string) =>
    console.log(`[${((Date.now() - started.getTime()) / 1000).toFixed(0).padStart(4)} s] ${section}: ${line}`);
  mkdirSync(RESULTS_DIR, { recursive: true });

  const rows: Row[] = [];
  const notes: string[] = [];
  const errors: string[] = [];
  const results: Record<string, unknown> = {};

  console.log(
    only
      ? `Benchmark (${quick ? "quick" : "full"}), ${only} only`
      : `Benchmark (${quick ? "quick" : "full"}): PGlite ${count(sizes.pgliteReports)} reports, PostgreSQL ${count(sizes.postgresReports)} reports, big report ${count(sizes.bigReportReadings)} readings`,
  );

  /** Sections 1-4: everything but ingestion and alerts (skipped by --only). */
  async function allButIngest(): Promise<void> {
    // 1. Bundle
    let bundle: BundleFigures | undefined;
    try {
      log("bundle")("checking dist/ (npx vite build when missing or stale)");
      bundle = measureBundle(ROOT, { build: !values["no-build"] });
      log("bundle")(
        bundle.build.ran ? `built in ${seconds(bundle.build.ms)} (${bundle.build.reason})` : bundle.build.reason,
      );
      results.bundle = bundle;
      rows.push(...bundleRows(bundle));
      for (const [route, sizes] of Object.entries(bundle.routes)) {
        log("bundle")(`${route}: ${bytes(sizes.gzip)} gzip first-load JS (${sizes.files.length} files)`);
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      errors.push(`bundle: ${message}`);
      rows.push({ id: "bundle", measure: "bundle", value: `error: ${message.split("\n")[0]}`, budget: "-", ok: false });
    }

    // 2 + 3. List API and big report, per database

    // 4. The browser half runs against the last database's server (PostgreSQL when there is one).
    const browserOn = !values["no-browser"] && bundle !== undefined;
    if (!browserOn)
      notes.push(
        "Reference starter, cold loads and big report opening skipped (--no-browser or no bundle): their budgets were not checked.",
      );
    const frontendRowsOut: Row[] = [];
    const browserError = (id: string, error: unknown) => {
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      errors.push(`${id}: ${message}`);
      frontendRowsOut.push({ id, measure: id, value: `error: ${message.split("\n")[0]}`, budget: "-", ok: false });
    };
    const measureBrowser = async (server: BenchServer, big: BigReport) => {
      try {
        const frontend = await measureFrontend(
          ROOT,
          server,
          bundle,
          sizes.coldLoadRuns,
          only === "browser" ? 0 : sizes.bigPageRuns,
          log("browser"),
        );
        results.frontend = frontend;
        frontendRowsOut.push(...frontendRows(frontend, bundle, quick));
      } catch (error) {
        browserError("browser", error);
      }
      try {
        const reportOpen = await measureReportOpen(ROOT, server, big, sizes.reportOpenRuns, log("report open"));
        results.reportOpen = reportOpen;
        // --only browser opens a smaller report than the budget is for: shown, not judged.
        frontendRowsOut.push(...reportOpenRows(reportOpen, quick || only === "browser"));
      } catch (error) {
        browserError("browser.reportOpen", error);
      }
    };

    const dbResults: Record<string, unknown> = {};
    if (only === "browser" && browserOn) {
      try {
        await benchBrowserDatabase(log("pglite"), measureBrowser);
      } catch (error) {
        await runCleanups();
        browserError("browser.database", error);
      }
    }
    for (const kind of only === "browser" ? [] : databases) {
      const name = kind === "pglite" ? "PGlite" : "PostgreSQL";
      const last = kind === databases[databases.length - 1];
      try {
        const result = await benchDatabase(
          kind,
          sizes,
          quick,
          log(kind),
          last && browserOn ? measureBrowser : undefined,
        );
        dbResults[kind] = result;
        rows.push(...databaseRows(result, sizes, quick));
      } catch (error) {
        await runCleanups();
        const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
        errors.push(`${kind}: ${message}`);
        rows.push({ id: kind, measure: name, value: `error: ${message.split("\n")[0]}`, budget: "-", ok: false });
      }
    }
    results.databases = dbResults;
    rows.splice(bundleRowCount(rows), 0, ...frontendRowsOut);

    // 4. PDF export of a 30-day, 5-minute report with the full data table (its own in-memory PGlite)
    if (only !== "browser")
      try {
        const pdf = await measurePdf(quick, log("pdf"));
        results.pdf = pdf;
        rows.push(...pdfRows(pdf, quick));
      } catch (error) {
        const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
        errors.push(`pdf: ${message}`);
        rows.push({
          id: "pdf",
          measure: "PDF export",
          value: `error: ${message.split("\n")[0]}`,
          budget: "-",
          ok: false,
        });
      }
  }

  const pgModule = await loadPgModule();
  const pgBin = pgModule.findPostgresBin();
  const databases: Kind[] = values["no-pglite"] ? [] : ["pglite"];
  if (values["no-pglite"]) notes.push("PGlite part skipped (--no-pglite).");
  if (values["no-pg"]) notes.push("PostgreSQL part skipped (--no-pg): its budgets were not checked.");
  else if (pgBin) databases.push("postgres");
  else if (values.pg) {
    errors.push("postgres: --pg given but no PostgreSQL server programs found (apt-get install -y postgresql)");
  } else notes.push("PostgreSQL not installed: its part and budgets were skipped (apt-get install -y postgresql).");

  if (only === undefined || only === "browser") await allButIngest();

  // 5. Ingestion, on empty databases of its own
  for (const kind of only === undefined || only === "ingest" ? databases : []) {
    try {
      rows.push(...(await benchIngest(kind, quick, log(`${kind} ingest`))));
    } catch (error) {
      await runCleanups();
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      errors.push(`${kind}.ingest: ${message}`);
      rows.push({
        id: `${kind}.ingest`,
        measure: `${kind} ingest`,
        value: `error: ${message.split("\n")[0]}`,
        budget: "-",
        ok: false,
      });
    }
  }
  results.ingest = ingestResults;

  // 7. List page 1 throughput alone, on databases seeded for it
  if (only === "throughput")
    for (const kind of databases) {
      try {
        rows.push(...(await benchThroughput(kind, quick, values.reports, log(`${kind} throughput`))));
      } catch (error) {
        await runCleanups();
        const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
        errors.push(`${kind}.throughput: ${message}`);
        rows.push({
          id: `${kind}.throughput`,
          measure: `${kind} throughput`,
          value: `error: ${message.split("\n")[0]}`,
          budget: "-",
          ok: false,
        });
      }
    }
  results.throughput = throughputResults;

  // 8. Planned-end catch-up: 100,000 reports past their planned end on a throwaway PostgreSQL
  if (only === undefined || only === "plannedEnd")
    if (databases.includes("postgres"))
      try {
        const pg = await pgModule.startThrowawayPostgres();
        cleanups.push(() => pg.stop());
        const handle = await openDatabase({ databaseUrl: pg.url });
        cleanups.push(() => handle.close());
        await migrateToLatest(handle.db);
        const plannedEnd = await measurePlannedEnd(
          handle.db,
          PLANNED_END_SIZES[quick ? "quick" : "full"].reports,
          log("postgres planned end"),
        );
        results.plannedEnd = plannedEnd;
        rows.push(...plannedEndRows(plannedEnd, !quick));
      } catch (error) {
        const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
        errors.push(`postgres.plannedEnd: ${message}`);
        rows.push({
          id: "postgres.plannedEnd",
          measure: "PostgreSQL planned-end catch-up",
          value: `error: ${message.split("\n")[0]}`,
          budget: "-",
          ok: false,
        });
      } finally {
        await runCleanups();
      }
    else if (only === "plannedEnd") notes.push("PostgreSQL not available: the planned-end catch-up was not measured.");

  // 9. Lane and carrier performance: the 1,000,000 reports grouped into shipments on a throwaway PostgreSQL
  if (only === undefined || only === "lanes")
    if (databases.includes("postgres"))
      try {
        const pg = await loadPgModule();
        const lanes = await measureLanes(
          ROOT,
          quick,
          () => pg.startThrowawayPostgres(),
          (cleanup) => void cleanups.push(cleanup),
          RESULTS_DIR,
          log("postgres lanes"),
        );
        results.lanes = lanes;
        rows.push(...lanesRows(lanes, !quick));
      } catch (error) {
        const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
        errors.push(`postgres.lanes: ${message}`);
        rows.push({
          id: "postgres.lanes",
          measure: "PostgreSQL lane performance",
          value: `error: ${message.split("\n")[0]}`,
          budget: "-",
          ok: false,
        });
      } finally {
        await runCleanups();
      }
    else if (only === "lanes") notes.push("PostgreSQL not available: lane performance was not measured.");

  // 6. Alert latency: alarming readings to the e-mail handed on (its own in-memory PGlite)
  if (only === undefined || only === "alerts")
    try {
      const alerts = await measureAlerts(quick, log("alerts"));
      results.alerts = alerts;
      rows.push(...alertRows(alerts, quick));
    } catch (error) {
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      errors.push(`alerts: ${message}`);
      rows.push({
        id: "alerts",
        measure: "alert latency",
        value: `error: ${message.split("\n")[0]}`,
        budget: "-",
        ok: false,
      });
    }

  const loadAtEnd = loadavg();
  if (Math.max(loadAtStart[0] ?? 0, loadAtEnd[0] ?? 0) > cpus().length) {
    notes.push(
      `The machine was busy (load average ${loadAtStart[0]?.toFixed(1)} at start, ${loadAtEnd[0]?.toFixed(1)} at the end, ${cpus().length} CPUs): latencies are higher and noisier than on an idle machine.`,
    );
  }
  if (quick) notes.push("--quick: tiny sizes; budgets apply to the full sizes and are not judged.");
  notes.push(
    "List latency budgets apply on PostgreSQL; PGlite list figures are reported only, but for page-1 throughput.",
  );

  const broken = rows.filter((r) => r.ok === false);
  const finished = new Date();
  const output = {
    mode: quick ? "quick" : "full",
    startedAt: started.toISOString(),
    finishedAt: finished.toISOString(),
    durationSeconds: Math.round((finished.getTime() - started.getTime()) / 1000),
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? "unknown",
      memoryGB: Math.round(totalmem() / 1024 ** 3),
      node: process.version,
      platform: `${process.platform}-${process.arch}`,
      postgres: pgBin,
      loadAverage: { start: loadAtStart, end: loadAtEnd },
    },
    sizes,
    budgets: BUDGETS,
    table: rows,
    notes,
    errors,
    check: { requested: values.check, passed: broken.length === 0, broken: broken.map((r) => r.id) },
    ...results,
  };
  const resultsFile = only
    ? join(RESULTS_DIR, `results-only-${only}${quick ? "-quick" : ""}.json`)
    : quick
      ? join(RESULTS_DIR, "results-quick.json")
      : join(BENCH_DIR, "results.json");
  writeFileSync(resultsFile, `${JSON.stringify(output, null, 2)}\n`);

  console.log(`\n${printTable(rows)}\n`);
  for (const note of notes) console.log(`note: ${note}`);
  for (const error of errors) console.error(`error: ${error}`);
  console.log(`results: ${relative(ROOT, resultsFile)}; EXPLAIN output: ${relative(ROOT, RESULTS_DIR)}/explain-*.txt`);
  console.log(`took ${output.durationSeconds} s`);

  if (errors.length) return 1;
  if (values.check && broken.length) {
    console.error(`--check: ${broken.length} budget(s) broken: ${broken.map((r) => r.id).join(", ")}`);
    return 1;
  }
  return 0;
}

// Exits explicitly: a part that failed half-way may leave a handle open (a socket, a
// child), and the run must still end with its code instead of waiting on it.
main()
  .then(async (code) => {
    await runCleanups();
    process.exit(code);
  })
  .catch(async (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    await runCleanups();
    process.exit(1);
  });
