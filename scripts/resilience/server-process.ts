import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";

/**
 * The real server as a child process (`node --import tsx server/main.ts`), as it runs
 * in production: the fault tests kill it with SIGKILL and start it again.
 */

export interface ServerProcess {
  baseUrl: string;
  child: ChildProcess;
  /** Resident memory of the server process, in MB (Linux /proc). */
  rssMb(): number | null;
  /** Whether the process is still running. */
  alive(): boolean;
  kill9(): Promise<void>;
  stop(): Promise<void>;
  /** The last lines the server printed. */
  logTail(): string;
}

export interface ServerEnv {
  port: number;
  databaseUrl?: string;
  dataDir?: string;
  /** SERVER_PROCESSES; absent: the server's default (or the caller's environment). */
  processes?: number;
}

export async function startServer(root: string, env: ServerEnv, timeoutMs = 180_000): Promise<ServerProcess> {
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(env.port),
    HOST: "127.0.0.1",
    SEED_PROFILE: "none",
    LOG_LEVEL: "warn",
    // No dashboard: the API is what is measured.
    STATIC_DIR: "/nonexistent",
  };
  delete childEnv.DATABASE_URL;
  delete childEnv.DATA_DIR;
  if (env.databaseUrl) childEnv.DATABASE_URL = env.databaseUrl;
  if (env.dataDir) childEnv.DATA_DIR = env.dataDir;
  if (env.processes) childEnv.SERVER_PROCESSES = String(env.processes);
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: root,
    env: childEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let tail = "";
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString("utf8")).slice(-6000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  let exited = false;
  const exit = new Promise<void>((resolve) => {
    child.once("exit", () => {
      exited = true;
      resolve();
    });
  });
  const baseUrl = `http://127.0.0.1:${env.port}`;
  const started = Date.now();
  for (;;) {
    if (exited) throw new Error(`The server exited while starting:\n${tail}`);
    if (Date.now() - started > timeoutMs) {
      child.kill("SIGKILL");
      throw new Error(`The server did not answer /api/health within ${timeoutMs / 1000} s:\n${tail}`);
    }
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    child,
    alive: () => !exited,
    rssMb() {
      try {
        const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
        const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
        return Number.isFinite(kb) ? Math.round(kb / 1024) : null;
      } catch {
        return null;
      }
    },
    async kill9() {
      if (!exited) child.kill("SIGKILL");
      await exit;
    },
    async stop() {
      if (!exited) child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exit;
      clearTimeout(timer);
    },
    logTail: () => tail,
  };
}
