import cluster, { type Worker } from "node:cluster";
import type { ServerConfig } from "./config";

/**
 * SERVER_PROCESSES workers sharing one port (node:cluster), each the whole server: a
 * single Node process answers list pages on one core, and it was the limit before
 * PostgreSQL was. It is the several-instances deployment of docs/operations.md on one
 * machine: everything a request needs is in the database, each process
 * keeps its own caches of things that never go stale (verified JWT signatures, abilities,
 * compiled statements), and per-process limits (sign-in throttles, download slots) then
 * apply per process.
 *
 * The primary prepares the database once (migrations, demo data, signing key) so that
 * workers never race to do it, forks the workers, replaces one that dies, and on SIGTERM
 * or SIGINT lets every worker finish its requests (each closes itself, 10 s at most).
 *
 * A worker that dies before every worker has listened once is a start-up failure (a bad
 * setting, a port in use): the primary stops, as a restart loop would only repeat it.
 * After that first start it never gives up: a worker that dies is replaced, after a delay
 * that doubles while replacements keep dying soon (a database outage), up to 30 s.
 */

/** The first replacement's delay; doubled for each one that dies within STABLE_MS of its start. */
export const RESTART_DELAY_MS = 1_000;
export const MAX_RESTART_DELAY_MS = 30_000;
/** A worker that ran this long was healthy: the next replacement starts after RESTART_DELAY_MS again. */
const STABLE_MS = 60_000;

/** The delay before replacing a worker, after `quickDeaths` replacements in a row died soon. */
export function restartDelayMs(quickDeaths: number): number {
  return Math.min(RESTART_DELAY_MS * 2 ** quickDeaths, MAX_RESTART_DELAY_MS);
}

export interface PrimaryHooks {
  /** Prepares the database, before any worker starts. */
  prepare(): Promise<void>;
  /** Says where the server is, once every worker listens. */
  welcome(): void;
}

export async function runPrimary(config: ServerConfig, { prepare, welcome }: PrimaryHooks): Promise<void> {
  await prepare();
  console.log(`Server processes: ${config.serverProcesses} (SERVER_PROCESSES)`);
  // Workers run this same entry (server/main.ts), whatever script imported it.
  cluster.setupPrimary({ exec: process.argv[1] });

  let closing = false;
  let exitCode = 0;
  let listening = 0;
  /** Every worker has listened once: from then on a worker that dies is replaced, whatever happens. */
  let startedOnce = false;
  let quickDeaths = 0;
  const started = new Map<Worker, number>();
  const fork = () => started.set(cluster.fork(), Date.now());

  cluster.on("listening", () => {
    listening++;
    if (listening === config.serverProcesses && !startedOnce) {
      startedOnce = true;
      welcome();
    }
  });
  cluster.on("exit", (worker, code, signal) => {
    const since = started.get(worker) ?? 0;
    started.delete(worker);
    if (closing) {
      if (started.size === 0) process.exit(exitCode);
      return;
    }
    console.error(`Server process ${worker.process.pid} ended (${signal ?? `exit ${code}`})`);
    if (!startedOnce) {
      console.error("It ended while starting: stopping the others.");
      stop(1);
      return;
    }
    if (Date.now() - since >= STABLE_MS) quickDeaths = 0;
    const delay = restartDelayMs(quickDeaths);
    quickDeaths++;
    console.error(`Starting another in ${delay / 1000} s.`);
    setTimeout(() => {
      if (!closing) fork();
    }, delay);
  });

  function stop(code: number) {
    if (closing) return;
    closing = true;
    exitCode = code;
    if (started.size === 0) process.exit(exitCode);
    for (const worker of started.keys()) worker.process.kill("SIGTERM");
    // Each worker gives itself 10 s; past that, stop anyway.
    setTimeout(() => process.exit(exitCode || 1), 15_000).unref();
  }
  // A terminal's Ctrl-C reaches the workers too; each one stops itself once, whoever asks.
  process.on("SIGTERM", () => stop(0));
  process.on("SIGINT", () => stop(0));

  for (let i = 0; i < config.serverProcesses; i++) fork();
}
