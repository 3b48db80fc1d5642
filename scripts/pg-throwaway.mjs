#!/usr/bin/env node
// A throwaway PostgreSQL cluster: initdb into a temp dir, start it on a free
// 127.0.0.1 port with durability switched off, and remove everything again on
// stop(). Used by scripts/test.mjs (the `api` tests against real PostgreSQL)
// and by benchmarks.
//
//   import { startThrowawayPostgres } from "./pg-throwaway.mjs";
//   const pg = await startThrowawayPostgres();
//   ... use pg.url (postgres://postgres@127.0.0.1:<port>/postgres) ...
//   pg.stop(); // synchronous and idempotent; also runs on process exit
//
// Run directly (`node scripts/pg-throwaway.mjs`) to start a cluster, print its
// URL and keep it until Ctrl-C.
//
// initdb, pg_ctl and postgres refuse to run as root: as root they run as the
// `postgres` system user (created by Debian's postgresql package) through
// `runuser`, and the temp dir is chowned to that user.
//
// Plain Node ESM with built-ins only: it must run before `npm install`.

import { execFileSync, spawnSync } from "node:child_process";
import {
  accessSync,
  chownSync,
  constants,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
} from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { delimiter, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const PG_PROGRAMS = ["initdb", "pg_ctl", "postgres"];

function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function hasPrograms(dir) {
  return PG_PROGRAMS.every((name) => isExecutable(join(dir, name)));
}

/** Compares version directory names such as "9.6", "15", "16" numerically. */
function compareVersions(a, b) {
  const pa = a.split(".").map(Number);
  const pb = b.split(".").map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/**
 * The directory holding the PostgreSQL server programs (initdb, pg_ctl,
 * postgres), or null when there is none. Looks in PATH first (a directory
 * holding all three), then in Debian's /usr/lib/postgresql/<version>/bin,
 * highest version first.
 */
export function findPostgresBin() {
  for (const dir of (process.env.PATH ?? "").split(delimiter)) {
    if (dir && hasPrograms(dir)) {
      // Prefer the real directory behind symlinks such as /usr/local/bin/initdb.
      const real = dirname(realpathSync(join(dir, "initdb")));
      return hasPrograms(real) ? real : resolve(dir);
    }
  }
  const base = "/usr/lib/postgresql";
  let versions = [];
  try {
    versions = readdirSync(base).filter((v) => /^\d+(\.\d+)*$/.test(v));
  } catch {
    return null;
  }
  versions.sort(compareVersions).reverse();
  for (const v of versions) {
    const dir = join(base, v, "bin");
    if (hasPrograms(dir)) return dir;
  }
  return null;
}

/** A TCP port that was free on 127.0.0.1 a moment ago. */
export function findFreePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

function postgresUser() {
  try {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8", stdio: "pipe" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8", stdio: "pipe" }).trim());
    return { uid, gid };
  } catch {
    return null;
  }
}

function tail(file, lines = 30) {
  try {
    return readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
  } catch {
    return "";
  }
}

/**
 * Starts a throwaway cluster. Resolves to { url, port, dir, bin, stop }:
 * `url` is postgres://postgres@127.0.0.1:<port>/postgres (trust auth, no
 * password); `stop()` stops the server (fast mode) and deletes the temp dir;
 * it is synchronous, idempotent and also registered to run on process exit.
 * Signal handling is the caller's job (call stop(), then exit).
 *
 * Options: quiet (default true: initdb/pg_ctl output is shown only on
 * failure), bin (override findPostgresBin()), extraSettings (more `-c`
 * settings, e.g. { max_connections: "200" }).
 */
export async function startThrowawayPostgres(options = {}) {
  const { quiet = true, extraSettings = {} } = options;
  const bin = options.bin ?? findPostgresBin();
  if (!bin) {
    throw new Error(
      "PostgreSQL server programs (initdb, pg_ctl, postgres) not found in PATH or /usr/lib/postgresql/*/bin. " +
        "Install them: sudo apt-get install -y postgresql",
    );
  }

  const asRoot = typeof process.getuid === "function" && process.getuid() === 0;
  let owner = null;
  if (asRoot) {
    owner = postgresUser();
    if (!owner) {
      throw new Error(
        "Running as root, but there is no `postgres` system user to run the server as " +
          "(Debian's postgresql package creates it: apt-get install -y postgresql).",
      );
    }
  }

  const dir = mkdtempSync(join(tmpdir(), "pg-throwaway-"));
  const dataDir = join(dir, "data");
  const logFile = join(dir, "postgres.log");
  let stopped = false;
  let started = false;

  // Runs a PostgreSQL program (as the postgres user when we are root), with
  // the temp dir as cwd so that the postgres user never needs access to ours.
  const runPg = (program, args, { timeoutMs = 180_000 } = {}) => {
    const exe = join(bin, program);
    const [cmd, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", exe, ...args]] : [exe, args];
    const env = { ...process.env, LC_ALL: "C", LANG: "C" };
    for (const k of ["PGDATA", "PGHOST", "PGPORT", "PGUSER", "PGDATABASE", "PGPASSWORD"]) delete env[k];
    const r = spawnSync(cmd, argv, {
      cwd: dir,
      env,
      encoding: "utf8",
      stdio: quiet ? ["ignore", "pipe", "pipe"] : ["ignore", "inherit", "inherit"],
      timeout: timeoutMs,
      killSignal: "SIGKILL",
    });
    const output = `${r.stdout ?? ""}${r.stderr ?? ""}`;
    return { ok: r.status === 0 && !r.error, status: r.status, error: r.error, output };
  };

  const stop = () => {
    if (stopped) return;
    stopped = true;
    process.removeListener("exit", stop);
    try {
      if (started || existsSync(join(dataDir, "postmaster.pid"))) {
        const r = runPg("pg_ctl", ["-D", dataDir, "-m", "fast", "-w", "-t", "60", "stop"], { timeoutMs: 90_000 });
        if (!r.ok && existsSync(join(dataDir, "postmaster.pid"))) {
          // pg_ctl could not stop it: immediate shutdown of the postmaster.
          try {
            const pid = Number(readFileSync(join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
            if (pid > 0) process.kill(pid, "SIGQUIT");
          } catch {
            // already gone
          }
        }
      }
    } finally {
      rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
    }
  };
  process.on("exit", stop);

  try {
    if (owner) chownSync(dir, owner.uid, owner.gid);

    const init = runPg("initdb", [
      "-D",
      dataDir,
      "--auth=trust",
      "--username=postgres",
      "--encoding=UTF8",
      "--no-locale",
      "--no-sync",
    ]);
    if (!init.ok) {
      throw new Error(`initdb failed (exit ${init.status ?? init.error?.message}):\n${init.output}`);
    }

    const settings = {
      listen_addresses: "127.0.0.1",
      fsync: "off",
      synchronous_commit: "off",
      full_page_writes: "off",
      ...extraSettings,
    };
    // The port is found free and then released, so another process may grab it
    // before postgres binds it: retry with a fresh port.
    let lastError = "";
    for (let attempt = 1; attempt <= 3; attempt++) {
      const port = await findFreePort();
      const opts = [`-p ${port}`, `-k '${dir}'`, ...Object.entries(settings).map(([k, v]) => `-c ${k}=${v}`)].join(" ");
      const r = runPg("pg_ctl", ["-D", dataDir, "-o", opts, "-l", logFile, "-w", "-t", "120", "start"]);
      if (r.ok) {
        started = true;
        const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
        return { url, port, dir, bin, stop };
      }
      lastError = `pg_ctl start failed (exit ${r.status ?? r.error?.message}):\n${r.output}\n--- ${logFile} ---\n${tail(logFile)}`;
      if (existsSync(join(dataDir, "postmaster.pid"))) break; // it is not a port clash
    }
    throw new Error(lastError);
  } catch (err) {
    stop();
    throw err;
  }
}

// ---- CLI ------------------------------------------------------------------
const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  let pg;
  try {
    pg = await startThrowawayPostgres();
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
  console.log(`PostgreSQL (${pg.bin}) running in ${pg.dir}`);
  console.log(pg.url);
  console.log("Press Ctrl-C to stop and delete it.");
  const shutdown = (signal) => {
    console.log(`\n${signal}: stopping PostgreSQL and deleting ${pg.dir}`);
    pg.stop();
    process.exit(0);
  };
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => shutdown(signal));
  // Keep the event loop alive until a signal arrives.
  setInterval(() => {}, 1 << 30);
}
