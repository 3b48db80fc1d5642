import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";

/**
 * The server as `npm start` runs it (server/main.ts in its own process, SERVER_PROCESSES
 * workers with DATABASE_URL), for the figures that must measure the server as it is
 * deployed: requests per second. It prepares nothing itself (SEED_PROFILE=none on a
 * database the bench seeded) and logs warnings only, as the in-process server of the
 * other measures (logger off): request log lines are the operator's choice (LOG_LEVEL).
 */

export interface ServerProcess {
  baseUrl: string;
  /** The server's processes: the primary and its workers. */
  pids(): number[];
  stop(): Promise<void>;
}

export type ServerDatabase = { databaseUrl: string } | { dataDir: string };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The ids of `pid`'s child processes (from /proc). */
export function childPids(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(join("/proc", entry, "stat"), "utf8");
      if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === pid) children.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return children;
}

/** CPU seconds (user + system) that the processes have used so far (Linux /proc; 0 elsewhere). */
export function cpuSeconds(pids: readonly number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(join("/proc", String(pid), "stat"), "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // not Linux, or gone
    }
  }
  // USER_HZ is 100 on every Linux the bench runs on.
  return ticks / 100;
}

export async function startServerProcess(
  root: string,
  database: ServerDatabase,
  log: (line: string) => void,
): Promise<ServerProcess> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    SEED_PROFILE: "none",
    LOG_LEVEL: "warn",
  };
  delete env.DATABASE_URL;
  delete env.DATA_DIR;
  if ("databaseUrl" in database) env.DATABASE_URL = database.databaseUrl;
  else env.DATA_DIR = database.dataDir;
  // BENCH_SERVER_CPU_PROF=DIR: a V8 CPU profile of every server process, written to DIR when it stops.
  const profileDir = process.env.BENCH_SERVER_CPU_PROF;
  const profile = profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [];
  const child: ChildProcess = spawn(
    process.execPath,
    [...profile, "--import", "tsx", join(root, "server", "main.ts")],
    {
      cwd: root,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  let processes = "1";
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      // Kept short: the pipes are read for as long as the server runs.
      output = (output + chunk.toString("utf8")).slice(-8_000);
      processes = /Server processes: (\d+)/.exec(output)?.[1] ?? processes;
      // Printed once every process listens.
      if (output.includes("Cold-chain dashboard:")) resolve();
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    void exited.then((code) =>
      reject(new Error(`The server exited (${code}) before listening:\n${output.slice(-2000)}`)),
    );
  });
  log(`server: ${processes} process${processes === "1" ? "" : "es"} (npm start's server/main.ts), port ${port}`);
  const pid = child.pid as number;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    pids: () => [pid, ...childPids(pid)],
    async stop() {
      if (child.exitCode !== null) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
