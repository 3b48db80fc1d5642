import { spawnSync } from "node:child_process";
import { join } from "node:path";

/**
 * A throwaway PostgreSQL (scripts/pg-throwaway.mjs) that the fault tests can also stop
 * and start again on the same data and port, to play a database outage.
 */

interface Throwaway {
  url: string;
  port: number;
  dir: string;
  bin: string;
  stop(): void;
}

interface PgModule {
  startThrowawayPostgres(options?: { quiet?: boolean; extraSettings?: Record<string, string> }): Promise<Throwaway>;
}

export interface ManagedPostgres {
  url: string;
  /** Stops the server (fast: open connections are cut, as in a crash or failover). */
  pause(): void;
  /** Starts it again on the same port and data. */
  resume(): void;
  /** Stops it for good and deletes its folder. */
  stop(): void;
}

const SETTINGS: Record<string, string> = {
  listen_addresses: "127.0.0.1",
  fsync: "off",
  synchronous_commit: "off",
  full_page_writes: "off",
  max_connections: "200",
};

export async function startPostgres(): Promise<ManagedPostgres> {
  // Plain .mjs without types (it must run before npm install): imported by URL.
  const href = new URL("../pg-throwaway.mjs", import.meta.url).href;
  const pg = await ((await import(href)) as PgModule).startThrowawayPostgres({
    extraSettings: { max_connections: SETTINGS.max_connections as string },
  });
  const dataDir = join(pg.dir, "data");
  const asRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const pgCtl = (args: string[]) => {
    const exe = join(pg.bin, "pg_ctl");
    const [cmd, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", exe, ...args]] : [exe, args];
    const r = spawnSync(cmd, argv, { cwd: pg.dir, encoding: "utf8", timeout: 120_000 });
    if (r.status !== 0) throw new Error(`pg_ctl ${args.at(-1)} failed: ${r.stdout}${r.stderr}`);
  };
  const options = [`-p ${pg.port}`, `-k '${pg.dir}'`, ...Object.entries(SETTINGS).map(([k, v]) => `-c ${k}=${v}`)].join(
    " ",
  );
  return {
    url: pg.url,
    pause: () => pgCtl(["-D", dataDir, "-m", "fast", "-w", "-t", "60", "stop"]),
    resume: () => pgCtl(["-D", dataDir, "-o", options, "-l", join(pg.dir, "postgres.log"), "-w", "-t", "60", "start"]),
    stop: () => pg.stop(),
  };
}
