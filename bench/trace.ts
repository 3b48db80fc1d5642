/**
 * `npm run bench:trace [-- --runs N] [-- --profile | --functions]`: where a cold load of /label-reports spends its time.
 *
 * Serves dist/ as it is (build it first: `npx vite build`) with a small PGlite database,
 * signs in once, then records Chromium performance traces of cold loads (a new context each,
 * empty cache) until the first row a person can click is painted (bench/lib/browser.ts).
 * Prints, for the median run: the network waterfall (document, chunks, styles, API calls),
 * the marks (FCP, first row) and the main thread's work by kind and by script, before the
 * row. The median run's trace goes to bench/results/trace-label-reports.json (open it in
 * Chrome's DevTools, Performance panel, "Load profile").
 *
 * `--profile`: also the JavaScript CPU profile of the same number of loads (the DevTools
 * protocol's sampling profiler, 200 µs), each sample mapped through dist/'s hidden source
 * maps to the package (or src/ folder) it ran in: self time per load, averaged.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import type { Browser, BrowserContextOptions } from "@playwright/test";
import { SourceMapConsumer } from "source-map-js";
import { openDatabase } from "../server/db/index";
import { DEMO_PASSWORD } from "../server/seed/accounts";
import { launchChromium, OBSERVERS, signInState } from "./lib/browser";
import { startServer } from "./lib/harness";
import { seedWithCli } from "./lib/seed";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const RESULTS_DIR = join(ROOT, "bench", "results");

/** One complete trace event (the Trace Event Format's "X" phase, or "R"/"I"/"M"). */
interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; frame?: string; functionName?: string } };
}

interface Resource {
  name: string;
  initiatorType: string;
  startTime: number;
  requestStart: number;
  responseStart: number;
  responseEnd: number;
  encodedBodySize: number;
}

interface Run {
  interactiveRowMs: number;
  fcpMs: number;
  resources: Resource[];
  document: { responseEnd: number; domContentLoaded: number };
  marks: { name: string; startTime: number }[];
  trace: Buffer;
}

const CATEGORIES = [
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "v8.execute",
  "blink.user_timing",
  "loading",
  "toplevel",
];

async function tracedLoad(browser: Browser, url: string, context: BrowserContextOptions): Promise<Run> {
  const ctx = await browser.newContext({ ...context, viewport: { width: 1366, height: 768 } });
  try {
    // The row's stamp also leaves a user-timing mark, so the trace shows where it was painted.
    await ctx.addInitScript(
      `${OBSERVERS}\n(() => { const b = window.__bench; const t = setInterval(() => { if (b.interactiveRowMs) { performance.mark("bench:interactive-row", { startTime: b.interactiveRowMs }); clearInterval(t); } }, 20); })();`,
    );
    const page = await ctx.newPage();
    await browser.startTracing(page, { screenshots: false, categories: CATEGORIES });
    await page.goto(url, { waitUntil: "commit" });
    await page.waitForFunction(
      () => (window as unknown as { __bench: { interactiveRowMs: number } }).__bench.interactiveRowMs > 0,
      null,
      { timeout: 60_000, polling: 50 },
    );
    await page.waitForTimeout(300);
    const figures = await page.evaluate(() => {
      const bench = (window as unknown as { __bench: { interactiveRowMs: number } }).__bench;
      const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
      return {
        interactiveRowMs: bench.interactiveRowMs,
        fcpMs: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0,
        // Inline (no named helper): tsx would wrap one in a __name() the page does not have.
        resources: (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).map((r) => ({
          name: r.name,
          initiatorType: r.initiatorType,
          startTime: r.startTime,
          requestStart: r.requestStart,
          responseStart: r.responseStart,
          responseEnd: r.responseEnd,
          encodedBodySize: r.encodedBodySize,
        })),
        document: { responseEnd: nav?.responseEnd ?? 0, domContentLoaded: nav?.domContentLoadedEventEnd ?? 0 },
        marks: performance.getEntriesByType("mark").map((m) => ({ name: m.name, startTime: m.startTime })),
      };
    });
    const trace = await browser.stopTracing();
    return { ...figures, trace };
  } finally {
    await ctx.close();
  }
}

/** The page's main thread: the renderer thread that recorded the bench mark. */
function mainThreadWork(trace: Buffer, untilMs: number) {
  const events = (JSON.parse(trace.toString("utf8")) as { traceEvents: TraceEvent[] }).traceEvents;
  const mark = events.find((e) => e.name === "bench:interactive-row");
  const nav = events
    .filter((e) => e.name === "navigationStart" && (!mark || e.pid === mark.pid))
    .sort((a, b) => a.ts - b.ts)
    .at(-1);
  if (!mark || !nav) throw new Error("the trace has no navigationStart or bench mark");
  const main = events.find(
    (e) => e.ph === "M" && e.name === "thread_name" && e.pid === mark.pid && e.args?.name === "CrRendererMain",
  );
  const tid = main?.tid ?? mark.tid;
  const end = nav.ts + untilMs * 1000;
  const onMain = events.filter(
    (e) => e.pid === mark.pid && e.tid === tid && e.ph === "X" && e.ts >= nav.ts && e.ts <= end,
  );
  // Top-level tasks: the thread's busy time. Inside them, what kind of work (not nested twice).
  const tasks = onMain.filter((e) => e.name === "RunTask");
  const busyMs = tasks.reduce((sum, e) => sum + (e.dur ?? 0), 0) / 1000;
  const longMs = tasks.filter((e) => (e.dur ?? 0) > 50_000).reduce((sum, e) => sum + (e.dur ?? 0), 0) / 1000;
  const KINDS: Record<string, string> = {
    EvaluateScript: "script evaluation (module top level)",
    "v8.compile": "compile",
    "v8.compileModule": "compile",
    FunctionCall: "script: callbacks (React render, effects, handlers)",
    TimerFire: "script: timers",
    FireAnimationFrame: "script: animation frames",
    "v8.evaluateModule": "script evaluation (module top level)",
    ParseHTML: "HTML parse",
    ParseAuthorStyleSheet: "CSS parse",
    UpdateLayoutTree: "style recalculation",
    Layout: "layout",
    Paint: "paint",
    PrePaint: "paint",
    Layerize: "paint",
    MajorGC: "garbage collection",
    MinorGC: "garbage collection",
  };
  const byKind = new Map<string, number>();
  const byScript = new Map<string, number>();
  for (const e of onMain) {
    const kind = KINDS[e.name];
    if (!kind) continue;
    // Only the outermost event of each kind counts (a FunctionCall inside a FunctionCall once).
    const parent = onMain.find(
      (p) => p !== e && KINDS[p.name] === kind && p.ts <= e.ts && p.ts + (p.dur ?? 0) >= e.ts + (e.dur ?? 0),
    );
    if (parent) continue;
    byKind.set(kind, (byKind.get(kind) ?? 0) + (e.dur ?? 0) / 1000);
    const url = e.args?.data?.url;
    if (url && kind.startsWith("script")) {
      const file = basename(new URL(url).pathname) || url;
      byScript.set(file, (byScript.get(file) ?? 0) + (e.dur ?? 0) / 1000);
    }
  }
  const sorted = (m: Map<string, number>) => [...m.entries()].sort((a, b) => b[1] - a[1]);
  return { busyMs, longMs, byKind: sorted(byKind), byScript: sorted(byScript).slice(0, 12) };
}

interface CpuProfile {
  nodes: { id: number; callFrame: { url: string; functionName: string; lineNumber: number; columnNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a source file belongs: its npm package (antd by component), else its src/ folder. */
function ownerOf(source: string): string {
  const pkg = source.match(/node_modules\/((?:@[^/]+\/)?[^/]+)(?:\/es\/([^/]+))?/);
  if (pkg?.[1]) return pkg[1] === "antd" && pkg[2] ? `antd/${pkg[2]}` : pkg[1];
  const own = source.match(/src\/(.+)\/[^/]+$/);
  return own?.[1] ? `src/${own[1]}` : source;
}

/**
 * Self time per owner (ms per load) over `runs` cold loads, until the interactive row; with
 * `byFunction`, per function instead (its source file and line through the source map).
 */
async function profileLoads(
  browser: Browser,
  url: string,
  context: BrowserContextOptions,
  runs: number,
  byFunction = false,
) {
  const maps = new Map<string, SourceMapConsumer | null>();
  const mapOf = (file: string) => {
    if (!maps.has(file)) {
      try {
        const raw = readFileSync(join(ROOT, "dist", "assets", `${file}.map`), "utf8");
        maps.set(file, new SourceMapConsumer(JSON.parse(raw)));
      } catch {
        maps.set(file, null);
      }
    }
    return maps.get(file);
  };
  const totals = new Map<string, number>();
  for (let run = 0; run < runs; run++) {
    const ctx = await browser.newContext({ ...context, viewport: { width: 1366, height: 768 } });
    try {
      await ctx.addInitScript(OBSERVERS);
      const page = await ctx.newPage();
      const cdp = await ctx.newCDPSession(page);
      await cdp.send("Profiler.enable");
      await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
      await cdp.send("Profiler.start");
      await page.goto(url, { waitUntil: "commit" });
      await page.waitForFunction(
        () => (window as unknown as { __bench: { interactiveRowMs: number } }).__bench.interactiveRowMs > 0,
        null,
        { timeout: 60_000, polling: 50 },
      );
      const { profile } = (await cdp.send("Profiler.stop")) as unknown as { profile: CpuProfile };
      const self = new Map<number, number>();
      profile.samples.forEach((id, i) => {
        self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000);
      });
      for (const node of profile.nodes) {
        const msValue = self.get(node.id);
        if (!msValue) continue;
        const { url: script, functionName, lineNumber, columnNumber } = node.callFrame;
        let owner = script ? basename(new URL(script).pathname) : `(${functionName || "program"})`;
        if (script.includes("/assets/")) {
          const position = mapOf(owner)?.originalPositionFor({ line: lineNumber + 1, column: columnNumber });
          if (position?.source) {
            owner = byFunction
              ? `${position.name ?? functionName ?? "(anonymous)"}  ${position.source.replace(/^(\.\.\/)+/, "")}:${position.line}`
              : ownerOf(position.source);
          }
        }
        totals.set(owner, (totals.get(owner) ?? 0) + msValue / runs);
      }
    } finally {
      await ctx.close();
    }
  }
  return [...totals.entries()].sort((a, b) => b[1] - a[1]);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      runs: { type: "string", default: "3" },
      profile: { type: "boolean", default: false },
      functions: { type: "boolean", default: false },
    },
  });
  const runs = Math.max(1, Number(values.runs));
  const dir = mkdtempSync(join(tmpdir(), "coldchain-trace-"));
  let browser: Browser | undefined;
  const closers: (() => Promise<void> | void)[] = [() => rmSync(dir, { recursive: true, force: true })];
  try {
    console.log("seeding a small PGlite database (demo + 3,000 reports)");
    await seedWithCli(ROOT, { dataDir: dir }, 3_000);
    const handle = await openDatabase({ dataDir: join(dir, "pglite") });
    closers.push(() => handle.close());
    const server = await startServer(handle.db, { staticDir: join(ROOT, "dist") });
    closers.push(() => server.close());
    browser = await launchChromium();
    const storageState = await signInState(browser, server.baseUrl, "admin@demo.example", DEMO_PASSWORD);
    const url = `${server.baseUrl}/label-reports`;
    await tracedLoad(browser, url, { storageState });
    const all: Run[] = [];
    for (let i = 0; i < runs; i++) {
      const run = await tracedLoad(browser, url, { storageState });
      console.log(`run ${i + 1}: interactive row ${run.interactiveRowMs.toFixed(0)} ms`);
      all.push(run);
    }
    const run = [...all].sort((a, b) => a.interactiveRowMs - b.interactiveRowMs)[Math.floor(all.length / 2)] as Run;
    mkdirSync(RESULTS_DIR, { recursive: true });
    writeFileSync(join(RESULTS_DIR, "trace-label-reports.json"), run.trace);

    const t = (v: number) => `${v.toFixed(0).padStart(5)} ms`;
    console.log(`\nmedian run: interactive row ${t(run.interactiveRowMs)}, FCP ${t(run.fcpMs)}`);
    console.log(
      `document: response end ${t(run.document.responseEnd)}, DOMContentLoaded ${t(run.document.domContentLoaded)}`,
    );
    console.log("\nnetwork (start → request sent → first byte → end, encoded size):");
    for (const r of [...run.resources].sort((a, b) => a.startTime - b.startTime)) {
      const path = new URL(r.name).pathname + (r.name.includes("/api/") ? new URL(r.name).search.slice(0, 60) : "");
      console.log(
        `  ${t(r.startTime)} → ${t(r.requestStart)} → ${t(r.responseStart)} → ${t(r.responseEnd)}  ${(r.encodedBodySize / 1024).toFixed(1).padStart(6)} kB  ${r.initiatorType.padEnd(6)} ${path}`,
      );
    }
    console.log("\nmarks:");
    for (const m of run.marks) console.log(`  ${t(m.startTime)}  ${m.name}`);
    const work = mainThreadWork(run.trace, run.interactiveRowMs);
    console.log(`\nmain thread until the row: busy ${t(work.busyMs)} (in tasks over 50 ms: ${t(work.longMs)})`);
    for (const [kind, msValue] of work.byKind) console.log(`  ${t(msValue)}  ${kind}`);
    console.log("\nscript work by file:");
    for (const [file, msValue] of work.byScript) console.log(`  ${t(msValue)}  ${file}`);
    console.log(`\ntrace: ${join("bench", "results", "trace-label-reports.json")}`);
    if (values.profile || values.functions) {
      const what = values.functions ? "function" : "package";
      console.log(`\nCPU profile, self time per ${what} and load (mean of ${runs}; "(idle)" is waiting):`);
      const owners = await profileLoads(browser, url, { storageState }, runs, values.functions);
      for (const [owner, msValue] of owners.slice(0, values.functions ? 60 : 30))
        console.log(`  ${t(msValue)}  ${owner}`);
    }
  } finally {
    await browser?.close();
    for (const close of closers.reverse()) await close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
