import { mkdirSync } from "node:fs";
import { PGlite, types } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { CamelCasePlugin, Kysely, type KyselyConfig, PostgresDialect } from "kysely";
import pg from "pg";
import { DEFAULT_PG_POOL_SIZE } from "../config";
import { lockDataDir } from "./data-dir-lock";
import { PGliteDialect } from "./pglite-dialect";
import { preparingPool } from "./postgres-pool";
import type { Database } from "./schema";

export type Db = Kysely<Database>;

export interface DatabaseOptions {
  /** postgres://… : use that PostgreSQL server. */
  databaseUrl?: string;
  /** A folder for the embedded PGlite database; omitted (with no url) = in memory. */
  dataDir?: string;
  /** A backup (PGlite's dumpDataDir tarball) to unpack into an empty dataDir before opening. */
  loadDataDir?: Blob;
  /** PostgreSQL connections at most (PG_POOL_SIZE); default 10. */
  poolSize?: number;
  /** Kysely's query log: every statement as the driver runs it (the benchmark records SQL with it). */
  log?: KyselyConfig["log"];
}

export interface DatabaseHandle {
  db: Db;
  kind: "pglite" | "postgres";
  /** The embedded database itself (kind pglite), for what only PGlite does: dumping its folder. */
  pglite?: PGlite;
  close(): Promise<void>;
}

// Timestamps come back as Date on both drivers; bigint ids as strings (never above 2^53 here, but exact).
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => v);

/** A statement that only a working database answers (the health check's). */
export async function ping(db: Db): Promise<void> {
  await db.selectFrom("companies").select("id").limit(1).execute();
}

/** The camel-case plugin, with its result-key mapping open to code that maps rows itself (server/lists). */
class CamelCase extends CamelCasePlugin {
  columnKey(column: string): string {
    return this.camelCase(column);
  }
}

// JSON columns keep their keys as stored (feature flags are UPPER_SNAKE, summaries camelCase).
const camelCase = new CamelCase({ maintainNestedObjectKeys: true });

/** A result column's key in the rows Kysely returns (snake_case column → camelCase key). */
export function columnKey(column: string): string {
  return camelCase.columnKey(column);
}

/** How long a request waits for a connection (a new one, or a free one of the pool) before its 503. */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * A connection the database ends (a restart, a failover, an administrator's
 * pg_terminate_backend) makes its pg client emit 'error'; an 'error' event nobody
 * listens to ends the process. The pool listens on its idle clients only: one a request
 * holds between two statements (a transaction, a password hash in between) has no
 * listener. Both are listened to here: the request's next statement fails (a 503), the
 * pool drops the broken client and opens a fresh one when the database is back.
 */
function survivePoolErrors(pool: pg.Pool): void {
  pool.on("error", () => {});
  pool.on("connect", (client) => {
    client.on("error", () => {});
  });
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const plugins = [camelCase];
  const { log } = options;
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? DEFAULT_PG_POOL_SIZE,
      // A database host that does not answer at all (a dropped network, not a refusal)
      // must give a 503 in bounded time, not a request that hangs until the client leaves.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    survivePoolErrors(pool);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }), plugins, log });
    return { db, kind: "postgres", close: () => db.destroy() };
  }
  const unlock = options.dataDir ? lockDataDir(options.dataDir) : () => {};
  let pglite: PGlite;
  try {
    if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
    pglite = await PGlite.create({
      dataDir: options.dataDir,
      extensions: { pg_trgm },
      // As with pg above: PGlite would return small bigints as numbers, and an API answer
      // (an audit entry's id) would change type when a team moves to PostgreSQL.
      parsers: { [types.INT8]: (value: string) => value },
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
  } catch (error) {
    unlock();
    throw error;
  }
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite), plugins, log });
  return {
    db,
    kind: "pglite",
    pglite,
    close: async () => {
      try {
        await db.destroy();
        if (!pglite.closed) await pglite.close();
      } finally {
        unlock();
      }
    },
  };
}
