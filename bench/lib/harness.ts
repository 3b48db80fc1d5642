import { mkdirSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { CompiledQuery, type LogEvent, sql } from "kysely";
import { buildApp } from "../../server/app";
import { loadSigningKeys } from "../../server/auth/keys";
import { mintRoleToken } from "../../server/auth/role-tokens";
import { createSession } from "../../server/auth/sessions";
import type { Db } from "../../server/db/index";

/**
 * The real server (buildApp) listening on 127.0.0.1, plus what the benchmark needs
 * around it: role-token headers for a demo user, and the SQL the server runs for a
 * request (recorded by the handle's query log, SqlRecorder), for EXPLAIN.
 */

/**
 * Records every statement the database handle runs while `recording` is set: pass `log`
 * to openDatabase (Kysely's query log, at the driver: the SQL as executed, whichever path
 * built it).
 */
export class SqlRecorder {
  recording: CompiledQuery[] | null = null;

  readonly log = (event: LogEvent): void => {
    if (event.level === "query") this.recording?.push(event.query);
  };
}

export interface Principal {
  userId: string;
  companyId: string;
  companyName: string;
}

export interface BenchServer {
  baseUrl: string;
  db: Db;
  app: FastifyInstance;
  /** Role-token headers of that demo user in that company, as the dashboard sends them. */
  headersFor(principal: Principal): Promise<Record<string, string>>;
  /** GET a path; throws unless the status is 200. */
  get(path: string, headers: Record<string, string>): Promise<{ body: string; status: number }>;
  /** The SQL (compiled, with parameters) the server ran while `fn` ran. */
  captureSql(fn: () => Promise<unknown>): Promise<CompiledQuery[]>;
  /**
   * EXPLAIN (ANALYZE, BUFFERS) of a captured query, on the same database; after `settings`
   * (captured `set local …` statements the server ran before it) in one transaction.
   */
  explain(query: CompiledQuery, settings?: readonly CompiledQuery[]): Promise<string>;
  close(): Promise<void>;
}

/** Where EXPLAIN output goes: `<dir>/<prefix>-<name>.txt`, headed by `title`. */
export interface ExplainTarget {
  dir: string;
  prefix: string;
  title: string;
}

/**
 * Writes EXPLAIN (ANALYZE, BUFFERS) of `queries` (run for GET `path`) into one file,
 * each with its SQL and bound values. Returns the file's path.
 */
export async function writeExplain(
  server: BenchServer,
  target: ExplainTarget,
  name: string,
  path: string,
  queries: readonly CompiledQuery[],
  settings: readonly CompiledQuery[] = [],
): Promise<string> {
  if (queries.length === 0) throw new Error(`No query seen for GET ${path}`);
  const parts: string[] = [];
  for (const query of queries) {
    const plan = await server.explain(query, settings);
    parts.push(`${query.sql}\n\nparameters: ${JSON.stringify(query.parameters)}\n\n${plan}\n`);
  }
  mkdirSync(target.dir, { recursive: true });
  const file = join(target.dir, `${target.prefix}-${name}.txt`);
  writeFileSync(file, `${target.title}\nGET ${decodeURIComponent(path)}\n\n${parts.join("\n---\n\n")}`);
  return file;
}

export async function findPrincipal(db: Db, email: string, companyName: string): Promise<Principal> {
  const row = await db
    .selectFrom("users as u")
    .innerJoin("userRoles as ur", "ur.userId", "u.id")
    .innerJoin("companies as c", "c.id", "ur.companyId")
    .select(["u.id as userId", "c.id as companyId", "c.name as companyName"])
    .where(sql<boolean>`lower(u.email) = ${email.toLowerCase()}`)
    .where("c.name", "=", companyName)
    .executeTakeFirst();
  if (!row) throw new Error(`No demo user ${email} in ${companyName}`);
  return row;
}

/** Role-token headers of that demo user in that company, as the dashboard sends them. */
export async function roleTokenHeaders(db: Db, principal: Principal): Promise<Record<string, string>> {
  const keys = await loadSigningKeys(db);
  const session = await createSession(db, keys, { userId: principal.userId });
  const token = await mintRoleToken(db, keys, {
    userId: principal.userId,
    companyId: principal.companyId,
    sessionHandle: session.payload.sessionHandle,
  });
  return { "api-key": token.secret, jwt: token.jwtToken, "x-database": "postgres" };
}

/**
 * `staticDir`: also serve the built dashboard (for the browser measures); `recorder`: the
 * SqlRecorder whose log the handle was opened with (for captureSql).
 */
export async function startServer(
  db: Db,
  { recorder, ...options }: { staticDir?: string; recorder?: SqlRecorder } = {},
): Promise<BenchServer> {
  const keys = await loadSigningKeys(db);
  const app = await buildApp({ db, keys, logger: false, ...options });
  await app.listen({ host: "127.0.0.1", port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;

  const get = async (path: string, headers: Record<string, string>) => {
    const res = await fetch(`${baseUrl}${path}`, { headers });
    const body = await res.text();
    if (res.status !== 200) throw new Error(`GET ${path}: HTTP ${res.status} ${body.slice(0, 300)}`);
    return { body, status: res.status };
  };

  return {
    baseUrl,
    db,
    app,
    headersFor: (principal) => roleTokenHeaders(db, principal),
    get,
    async captureSql(fn) {
      if (!recorder) throw new Error("captureSql needs the SqlRecorder the database was opened with");
      const recorded: CompiledQuery[] = [];
      recorder.recording = recorded;
      try {
        await fn();
      } finally {
        recorder.recording = null;
      }
      return recorded;
    },
    async explain(query, settings = []) {
      // The same statement with the same bound parameters, prefixed (and the result's
      // column name as the database gives it: no plugins).
      const explained = CompiledQuery.raw(`explain (analyze, buffers) ${query.sql}`, [...query.parameters]);
      const result = await db
        .withoutPlugins()
        .transaction()
        .execute(async (trx) => {
          for (const setting of settings) await trx.executeQuery(setting);
          return trx.executeQuery<Record<string, unknown>>(explained);
        });
      return result.rows.map((row) => String(Object.values(row)[0])).join("\n");
    },
    async close() {
      await app.close();
    },
  };
}
