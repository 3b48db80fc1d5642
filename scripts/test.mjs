#!/usr/bin/env node
// `npm test`: every check the project has, in order, stopping at the first
// failure.
//
//   a. system prerequisites (Chromium, PostgreSQL server programs; installed
//      with apt-get when running as root, otherwise the command is printed)
//   b. typecheck                 npx tsc --noEmit -p tsconfig.json, then -p core/tsconfig.json
//   c. lint + format check       npx biome check ., then npx knip (unused files, exports, dependencies)
//   d. unit tests                npx vitest run --project unit
//   e. API tests on PGlite       npx vitest run --project api
//   f. API tests on PostgreSQL   same, TEST_DATABASE_URL=<throwaway cluster>
//   g. end-to-end                VITE_UI_KIT=true npx vite build && npx playwright test
//      (the tools are run from node_modules/.bin directly: see npx() below)
//   h. summary over the JSON results in .tmp/results/, ending with the line
//      `tests: N passed, M failed[, K skipped]`
//
// `npm run test:quick` (--quick): the pre-push loop: b–e, then the end-to-end smoke
// (E2E_SMOKE below) instead of f and the whole of g.
//
// SKIP_E2E=1 skips the Chromium requirement and step g; SKIP_PG=1 skips the
// PostgreSQL requirement and step f. They are for quick local runs; CI never
// sets them.
//
// Plain Node ESM with built-ins only: it must run before anything else works.

import { spawn, spawnSync } from "node:child_process";
import { accessSync, constants, existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { delimiter, dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { stripVTControlCharacters } from "node:util";
import { findPostgresBin, startThrowawayPostgres } from "./pg-throwaway.mjs";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(ROOT);

const RESULTS_DIR = join(ROOT, ".tmp", "results");
const E2E_DATA_DIR = resolve(ROOT, process.env.E2E_DATA_DIR ?? ".tmp/e2e-data");
const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const flag = (name) => ["1", "true", "yes"].includes((process.env[name] ?? "").toLowerCase());
const SKIP_E2E = flag("SKIP_E2E");
const QUICK = process.argv.includes("--quick");
const SKIP_PG = flag("SKIP_PG") || QUICK;
/**
 * The end-to-end tests of the quick loop, about a minute: those tagged @smoke, the shell
 * (sign-in, the list, not-found, the first page asked once) and a report's overlay opened
 * from the list. The preset wizard and the rest run in `npm test`.
 */
const E2E_SMOKE = ["--grep", "@smoke"];
const IS_ROOT = typeof process.getuid === "function" && process.getuid() === 0;

// ---- process plumbing -------------------------------------------------------

/** The child currently running (at most one) and the cleanups to run on the way out. */
let currentChild = null;
const cleanups = new Set();
let interrupted = null; // the signal name once one arrived

function runCleanups() {
  for (const fn of [...cleanups]) {
    cleanups.delete(fn);
    try {
      fn();
    } catch (err) {
      console.error(`cleanup failed: ${err instanceof Error ? err.message : err}`);
    }
  }
}

const SIGNAL_CODES = { SIGINT: 2, SIGTERM: 15, SIGHUP: 1 };
for (const signal of Object.keys(SIGNAL_CODES)) {
  process.on(signal, () => {
    if (interrupted) {
      // Second signal: stop waiting, clean up and leave now.
      console.error(`\n${signal} again: exiting now`);
      if (currentChild && currentChild.exitCode === null) currentChild.kill("SIGKILL");
      runCleanups();
      process.exit(128 + SIGNAL_CODES[signal]);
    }
    interrupted = signal;
    console.error(`\n${signal} received: stopping the current step and cleaning up`);
    // A terminal Ctrl-C reaches the child too; a kill aimed at this process alone does not.
    const child = currentChild;
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill(signal);
      setTimeout(() => {
        if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      }, 15_000).unref();
    }
    // The main loop notices `interrupted` when the child has gone, runs the
    // step's own cleanup, prints the summary and exits.
  });
}

const quote = (s) => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replaceAll("'", "'\\''")}'`);

/**
 * Runs a command with inherited stdio (output streams straight through) and
 * resolves to its exit code (128+n when killed by signal n, 127 when it could
 * not be started).
 */
function run(cmd, args, { env = {} } = {}) {
  // A signal that arrived while a synchronous step part ran (e.g. initdb): start nothing more.
  if (interrupted) return Promise.resolve(128 + SIGNAL_CODES[interrupted]);
  const shown = Object.entries(env)
    .map(([k, v]) => (v === undefined ? `(${k} unset) ` : `${k}=${quote(String(v))} `))
    .join("");
  console.log(`$ ${shown}${[cmd, ...args].map(quote).join(" ")}`);
  return new Promise((resolveCode) => {
    const childEnv = { ...process.env, ...env };
    for (const [k, v] of Object.entries(env)) if (v === undefined) delete childEnv[k];
    const child = spawn(cmd, args, { stdio: "inherit", env: childEnv });
    currentChild = child;
    child.on("error", (err) => {
      console.error(`could not run ${cmd}: ${err.message}`);
      currentChild = null;
      resolveCode(127);
    });
    child.on("exit", (code, signal) => {
      currentChild = null;
      resolveCode(code ?? 128 + (SIGNAL_CODES[signal] ?? 9));
    });
  });
}

/**
 * `npx <tool> ...` for a project tool, run straight from node_modules/.bin
 * (which is what npx would run): one process layer less, so a signal reaches
 * the tool itself and the step ends only when the tool has ended (npm exec
 * may exit on SIGTERM before its child does), and npx can never try to
 * download a missing tool.
 */
const npx = ([tool, ...args], opts) => run(join("node_modules", ".bin", tool), args, opts);

function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function inPath(name) {
  return (process.env.PATH ?? "").split(delimiter).some((dir) => dir && isExecutable(join(dir, name)));
}

function firstLine(cmd, args) {
  const r = spawnSync(cmd, args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: 30_000 });
  return r.status === 0 ? (r.stdout || r.stderr).trim().split("\n")[0] : null;
}

// ---- steps -------------------------------------------------------------------

const TOOLS = ["tsc", "biome", "knip", "vitest", "vite", "playwright"];

function checkSystem() {
  const missing = [];
  if (SKIP_E2E) {
    console.log("chromium:   not required (SKIP_E2E=1)");
  } else if (isExecutable(CHROMIUM)) {
    console.log(`chromium:   ${CHROMIUM} (${firstLine(CHROMIUM, ["--version"]) ?? "version unknown"})`);
  } else {
    console.log(`chromium:   MISSING (${CHROMIUM}${process.env.CHROMIUM_PATH ? ", from CHROMIUM_PATH" : ""})`);
    missing.push("chromium");
  }
  if (SKIP_PG) {
    console.log(`postgresql: not required (${QUICK ? "--quick" : "SKIP_PG=1"})`);
  } else {
    const bin = findPostgresBin();
    if (bin) {
      console.log(`postgresql: ${bin} (${firstLine(join(bin, "postgres"), ["--version"]) ?? "version unknown"})`);
    } else {
      console.log("postgresql: MISSING (initdb, pg_ctl, postgres not in PATH or /usr/lib/postgresql/*/bin)");
      missing.push("postgresql");
    }
  }
  return missing;
}

async function prerequisites() {
  let missing = checkSystem();
  if (missing.length > 0) {
    if (IS_ROOT && inPath("apt-get")) {
      console.log(`\nInstalling missing system packages: apt-get install -y ${missing.join(" ")}`);
      const env = { DEBIAN_FRONTEND: "noninteractive" };
      if ((await run("apt-get", ["update"], { env })) !== 0) return false;
      if ((await run("apt-get", ["install", "-y", ...missing], { env })) !== 0) return false;
      console.log("");
      missing = checkSystem();
      if (missing.length > 0) {
        console.error(`\nStill missing after apt-get install: ${missing.join(", ")}`);
        if (missing.includes("chromium") && process.env.CHROMIUM_PATH) {
          console.error(
            `CHROMIUM_PATH=${process.env.CHROMIUM_PATH} does not exist: unset it to use /usr/bin/chromium.`,
          );
        }
        return false;
      }
    } else {
      const sudo = IS_ROOT ? "" : "sudo ";
      console.error(`\nMissing system packages: ${missing.join(", ")}. Install them with:\n`);
      console.error(`  ${sudo}apt-get update && ${sudo}apt-get install -y ${missing.join(" ")}\n`);
      console.error("(or set SKIP_E2E=1 / SKIP_PG=1 to skip the steps that need them, for a quick local run)");
      return false;
    }
  }
  if (!SKIP_PG && IS_ROOT && spawnSync("id", ["-u", "postgres"], { stdio: "ignore" }).status !== 0) {
    console.error("Running as root, but there is no `postgres` system user to run PostgreSQL as.");
    console.error("Debian's postgresql package creates it: apt-get install -y postgresql");
    return false;
  }
  const absent = TOOLS.filter((t) => !existsSync(join(ROOT, "node_modules", ".bin", t)));
  if (absent.length > 0) {
    console.error(`node_modules/.bin lacks ${absent.join(", ")}: run \`npm install\` (or \`npm ci\`) first.`);
    return false;
  }
  console.log(`node:       ${process.version}`);
  warnAboutEngines();
  return true;
}

/** Whether `version` ("20.19.0") satisfies a simple engines range ("^22.12.0 || >=24", "20 || >=22"). */
function satisfies(version, range) {
  const parse = (v) =>
    v
      .replace(/^v/, "")
      .split(".")
      .map((n) => Number.parseInt(n, 10) || 0);
  const cmp = (a, b) => a[0] - b[0] || (a[1] ?? 0) - (b[1] ?? 0) || (a[2] ?? 0) - (b[2] ?? 0);
  const have = parse(version);
  return range.split("||").some((alt) =>
    alt
      .replace(/(>=|<=|>|<|=|\^|~)\s+/g, "$1")
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .every((term) => {
        const m = /^(\^|~|>=|>|<=|<|=)?\s*v?(\d+)(?:\.(\d+|x|\*))?(?:\.(\d+|x|\*))?/.exec(term);
        if (!m) return true; // unknown syntax: do not complain
        const want = [Number(m[2]), Number(m[3]) || 0, Number(m[4]) || 0];
        const c = cmp(have, want);
        switch (m[1]) {
          case ">=":
            return c >= 0;
          case ">":
            return c > 0;
          case "<=":
            return c <= 0;
          case "<":
            return c < 0;
          case "^":
            return c >= 0 && have[0] === want[0];
          case "~":
            return c >= 0 && have[0] === want[0] && have[1] === want[1];
          default:
            // "20", "20.x", "=20.1.0": match the parts given
            return have[0] === want[0] && (m[3] === undefined || /x|\*/.test(m[3]) || have[1] === want[1]);
        }
      }),
  );
}

/** Warns (does not fail) when a direct dependency declares it needs another Node version than this one. */
function warnAboutEngines() {
  let pkg;
  try {
    pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
  } catch {
    return;
  }
  const names = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies });
  for (const name of names) {
    try {
      const dep = JSON.parse(readFileSync(join(ROOT, "node_modules", name, "package.json"), "utf8"));
      const range = dep.engines?.node;
      if (range && !satisfies(process.version, range)) {
        console.warn(`WARNING: ${name}@${dep.version} requires node ${range}; this is ${process.version}`);
      }
    } catch {
      // not installed or unreadable: the steps will say so
    }
  }
}

function vitest(project, resultFile, env = {}) {
  return npx(
    [
      "vitest",
      "run",
      "--project",
      project,
      // json before default, so that the results file is still written when the
      // default reporter throws (vitest 5 on Node < 22 did, printing failures).
      "--reporter=json",
      "--reporter=default",
      `--outputFile.json=${relative(ROOT, join(RESULTS_DIR, resultFile))}`,
    ],
    { env },
  );
}

async function apiOnPostgres() {
  console.log("Starting a throwaway PostgreSQL cluster ...");
  let pg;
  try {
    pg = await startThrowawayPostgres();
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    return 1;
  }
  cleanups.add(pg.stop);
  try {
    console.log(`PostgreSQL is up: ${pg.url} (binaries ${pg.bin}, data in ${pg.dir})`);
    return await vitest("api", "api-postgres.json", { TEST_DATABASE_URL: pg.url });
  } finally {
    console.log(`Stopping PostgreSQL and deleting ${pg.dir}`);
    cleanups.delete(pg.stop);
    pg.stop();
  }
}

async function endToEnd() {
  // The controls' browser test needs the demo page, which production builds leave out.
  const built = await npx(["vite", "build"], { env: { VITE_UI_KIT: "true" } });
  if (built !== 0) return built;
  console.log(`Deleting ${relative(ROOT, E2E_DATA_DIR)} so the server seeds a fresh database`);
  rmSync(E2E_DATA_DIR, { recursive: true, force: true });
  return npx(["playwright", "test", ...(QUICK ? E2E_SMOKE : [])], {
    env: { PW_JSON_OUTPUT: join(RESULTS_DIR, "e2e.json") },
  });
}

const steps = [
  { title: "System prerequisites", run: prerequisites },
  {
    title: "Typecheck (tsc: everything, then core/ alone without the DOM's or Node's types)",
    run: async () =>
      (await npx(["tsc", "--noEmit", "-p", "tsconfig.json"])) || npx(["tsc", "--noEmit", "-p", "core/tsconfig.json"]),
  },
  {
    title: "Lint + format (biome, then knip)",
    run: async () => (await npx(["biome", "check", "."])) || npx(["knip"]),
  },
  { title: "Unit tests (vitest: unit)", results: "unit.json", run: () => vitest("unit", "unit.json") },
  {
    title: "API tests on PGlite (vitest: api)",
    results: "api-pglite.json",
    run: () => vitest("api", "api-pglite.json", { TEST_DATABASE_URL: undefined }),
  },
  {
    title: "API tests on PostgreSQL (vitest: api)",
    results: "api-postgres.json",
    skip: SKIP_PG && (QUICK ? "--quick" : "SKIP_PG=1"),
    run: apiOnPostgres,
  },
  {
    title: "End-to-end (vite build + playwright)",
    results: "e2e.json",
    skip: SKIP_E2E && "SKIP_E2E=1",
    run: endToEnd,
  },
];

// ---- summary -------------------------------------------------------------------

/** Test files vitest marks failed without a failed test in them (import errors, failing hooks). */
function brokenFiles(data) {
  return (data.testResults ?? []).filter(
    (f) => f.status === "failed" && !(f.assertionResults ?? []).some((a) => a.status === "failed"),
  ).length;
}

/** Test counts from a vitest or Playwright JSON report, or null when there is none. */
function readCounts(file) {
  if (!existsSync(file)) return null;
  try {
    const data = JSON.parse(readFileSync(file, "utf8"));
    if (data.stats && typeof data.stats.expected === "number") {
      const s = data.stats;
      return {
        passed: s.expected + (s.flaky ?? 0),
        failed: s.unexpected ?? 0,
        skipped: s.skipped ?? 0,
        note: [s.flaky ? `${s.flaky} flaky` : "", data.errors?.length ? `${data.errors.length} errors` : ""]
          .filter(Boolean)
          .join(", "),
      };
    }
    if (typeof data.numPassedTests === "number") {
      return {
        passed: data.numPassedTests,
        failed: data.numFailedTests ?? 0,
        skipped: (data.numPendingTests ?? 0) + (data.numTodoTests ?? 0),
        note: brokenFiles(data) ? `${brokenFiles(data)} files failed outside tests` : "",
      };
    }
    return { passed: 0, failed: 0, skipped: 0, note: "unrecognised results file" };
  } catch (err) {
    return { passed: 0, failed: 0, skipped: 0, note: `unreadable results: ${err.message}` };
  }
}

const stripAnsi = (text) => stripVTControlCharacters(String(text ?? ""));
const firstLines = (text, n = 3) =>
  stripAnsi(text)
    .split("\n")
    .map((l) => l.trimEnd())
    .filter((l) => l.trim())
    .slice(0, n)
    .join("\n      ");

/** [name, message] of each failed test (and failed file) in a vitest or Playwright JSON report. */
function readFailures(file) {
  const out = [];
  try {
    const data = JSON.parse(readFileSync(file, "utf8"));
    if (Array.isArray(data.testResults)) {
      for (const f of data.testResults) {
        const rel = relative(ROOT, f.name ?? "");
        const failed = (f.assertionResults ?? []).filter((a) => a.status === "failed");
        for (const a of failed) out.push([`${rel} > ${a.fullName ?? a.title}`, a.failureMessages?.[0]]);
        if (failed.length === 0 && f.status === "failed") out.push([rel, f.message || "file failed"]);
      }
    }
    const walk = (suite, path) => {
      for (const spec of suite.specs ?? []) {
        for (const t of spec.tests ?? []) {
          if (t.status !== "unexpected") continue;
          const result = [...(t.results ?? [])].reverse().find((r) => r.error || r.errors?.length);
          const name = [...path, spec.title].join(" > ");
          out.push([
            `${spec.file ?? suite.file}:${spec.line} ${name}`,
            result?.error?.message ?? result?.errors?.[0]?.message,
          ]);
        }
      }
      for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
    };
    for (const suite of data.suites ?? []) walk(suite, []);
    for (const err of data.errors ?? []) out.push(["(playwright)", err.message]);
  } catch {
    // missing or unreadable: the table says so
  }
  return out;
}

function printFailures() {
  const all = [];
  for (const step of steps) {
    if (!step.results) continue;
    for (const [name, message] of readFailures(join(RESULTS_DIR, step.results)))
      all.push([step.results, name, message]);
  }
  if (all.length === 0) return;
  const limit = 40;
  console.log(`\nFailed tests (${all.length}):`);
  for (const [results, name, message] of all.slice(0, limit)) {
    console.log(`  [${results.replace(/\.json$/, "")}] ${stripAnsi(name)}`);
    if (message) console.log(`      ${firstLines(message)}`);
  }
  if (all.length > limit) console.log(`  ... and ${all.length - limit} more (see .tmp/results/*.json)`);
}

function printSummary() {
  printFailures();
  const rows = [["#", "Step", "Result", "Time", "Passed", "Failed", "Skipped", "Notes"]];
  const total = { passed: 0, failed: 0, skipped: 0 };
  steps.forEach((step, i) => {
    const counts = step.results ? readCounts(join(RESULTS_DIR, step.results)) : null;
    if (counts) {
      total.passed += counts.passed;
      total.failed += counts.failed;
      total.skipped += counts.skipped;
    }
    const ran = step.status === "passed" || step.status === "FAILED" || step.status === "interrupted";
    const note = counts?.note || (ran && step.results && !counts ? "no results file" : "");
    rows.push([
      String(i + 1),
      step.title,
      step.status ?? "not run",
      step.seconds === undefined ? "" : `${step.seconds.toFixed(1)}s`,
      counts ? String(counts.passed) : "",
      counts ? String(counts.failed) : "",
      counts ? String(counts.skipped) : "",
      note,
    ]);
  });
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  const line = (r) =>
    r
      .map((cell, c) => (c >= 3 && c <= 6 ? cell.padStart(widths[c]) : cell.padEnd(widths[c])))
      .join("  ")
      .trimEnd();
  console.log(`\n${"=".repeat(20)} Summary ${"=".repeat(20)}`);
  console.log(line(rows[0]));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const r of rows.slice(1)) console.log(line(r));
  const totalSeconds = steps.reduce((sum, s) => sum + (s.seconds ?? 0), 0);
  console.log(`total time: ${totalSeconds.toFixed(1)}s\n`);
  console.log(
    `tests: ${total.passed} passed, ${total.failed} failed${total.skipped > 0 ? `, ${total.skipped} skipped` : ""}`,
  );
}

// ---- main ------------------------------------------------------------------------

rmSync(RESULTS_DIR, { recursive: true, force: true });
mkdirSync(RESULTS_DIR, { recursive: true });

let failed = false;
for (const [i, step] of steps.entries()) {
  if (interrupted) break;
  console.log(`\n${"=".repeat(8)} [${i + 1}/${steps.length}] ${step.title} ${"=".repeat(8)}`);
  if (step.skip) {
    step.status = `skipped (${step.skip})`;
    console.log(`skipped: ${step.skip}`);
    continue;
  }
  const started = performance.now();
  let ok;
  try {
    const outcome = await step.run();
    ok = outcome === true || outcome === 0;
  } catch (err) {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    ok = false;
  }
  step.seconds = (performance.now() - started) / 1000;
  step.status = interrupted ? "interrupted" : ok ? "passed" : "FAILED";
  console.log(`-------- [${i + 1}/${steps.length}] ${step.title}: ${step.status} in ${step.seconds.toFixed(1)}s`);
  if (!ok || interrupted) {
    failed = true;
    break;
  }
}

runCleanups();
printSummary();
if (interrupted) process.exit(128 + SIGNAL_CODES[interrupted]);
process.exit(failed ? 1 : 0);
