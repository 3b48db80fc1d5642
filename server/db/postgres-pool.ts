import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from "kysely";
import type pg from "pg";
import { MAX_PREPARED_PER_CONNECTION, preparedName } from "./prepared-statements";

/**
 * The pg pool as Kysely's PostgresDialect sees it, running the statements marked in
 * prepared-statements.ts as named (prepared) statements: pg parses a name once per
 * connection and then only binds and executes it. A connection that has prepared
 * MAX_PREPARED_PER_CONNECTION statements is closed when it is handed back instead of
 * growing further (pg has no call to forget one); the pool opens a fresh one.
 */
export function preparingPool(pool: pg.Pool): PostgresPool {
  const clients = new WeakMap<pg.PoolClient, PreparingClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let wrapped = clients.get(client);
      if (!wrapped) {
        wrapped = new PreparingClient(client);
        clients.set(client, wrapped);
      }
      return wrapped;
    },
    end: () => pool.end(),
  };
}

class PreparingClient implements PostgresPoolClient {
  private readonly prepared = new Set<string>();
  private full = false;

  constructor(private readonly client: pg.PoolClient) {}

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(
    sqlOrCursor: string | PostgresCursor<R>,
    parameters?: ReadonlyArray<unknown>,
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    // biome-ignore lint/suspicious/noExplicitAny: pg's overloads do not name Kysely's result and cursor types.
    const client = this.client as any;
    if (typeof sqlOrCursor !== "string") return client.query(sqlOrCursor);
    const values = parameters as unknown[];
    const name = preparedName(sqlOrCursor);
    if (name === undefined) return client.query(sqlOrCursor, values);
    if (!this.prepared.has(name)) {
      this.prepared.add(name);
      if (this.prepared.size >= MAX_PREPARED_PER_CONNECTION) this.full = true;
    }
    return client.query({ name, text: sqlOrCursor, values });
  }

  release(destroy?: boolean): void {
    this.client.release(destroy === true || this.full);
  }
}
