import type { PGlite } from "@electric-sql/pglite";
import {
  CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryCompiler,
  type QueryResult,
} from "kysely";

/**
 * Kysely over embedded PGlite. Kysely 0.29 ships this dialect but requires Node 22;
 * 0.28 (Node 20) does not, and the packages that add it either pin PGlite below 0.5
 * or bring a code-generation CLI along (docs/decisions.md). PGlite is one session, so
 * the driver lends its one connection to one caller at a time: a transaction's
 * statements never interleave with another request's.
 */
export class PGliteDialect implements Dialect {
  constructor(private readonly pglite: PGlite) {}

  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new PGliteDriver(this.pglite);
  }

  // biome-ignore lint/suspicious/noExplicitAny: Dialect's own signature takes Kysely<any>.
  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }
}

class PGliteDriver implements Driver {
  private readonly connection: PGliteConnection;
  private held: Promise<void> | undefined;
  private release: (() => void) | undefined;

  constructor(private readonly pglite: PGlite) {
    this.connection = new PGliteConnection(pglite);
  }

  async init(): Promise<void> {
    await this.pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    while (this.held) await this.held;
    this.held = new Promise((resolve) => {
      this.release = resolve;
    });
    return this.connection;
  }

  async releaseConnection(): Promise<void> {
    const release = this.release;
    this.held = undefined;
    this.release = undefined;
    release?.();
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin"));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("commit"));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("rollback"));
  }

  async destroy(): Promise<void> {
    if (!this.pglite.closed) await this.pglite.close();
  }
}

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.pglite.query<R>(compiled.sql, compiled.parameters as unknown[], { rowMode: "object" });
    return {
      rows: result.rows ?? [],
      numAffectedRows: result.affectedRows != null ? BigInt(result.affectedRows) : undefined,
    };
  }

  // biome-ignore lint/correctness/useYield: PGlite has no cursor; Kysely's stream() is never used here.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("Streaming is not supported by PGlite");
  }
}
