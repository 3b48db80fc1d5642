import { type PGlite, parse, protocol } from "@electric-sql/pglite";
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
import { MAX_PREPARED_PER_CONNECTION, preparedName } from "./prepared-statements";

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
  private held = false;
  /**
   * Callers waiting for the connection, first come first served: a release hands it to
   * the next one. (Waking every waiter on each release to race for it cost a microtask
   * per waiter per statement under load, and could leave one waiting for seconds.)
   */
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly pglite: PGlite) {
    this.connection = new PGliteConnection(pglite);
  }

  async init(): Promise<void> {
    await this.pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    if (this.held) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.held = true;
    return this.connection;
  }

  async releaseConnection(): Promise<void> {
    const next = this.waiting.shift();
    // Still held when handed on: nobody can slip in between.
    if (next) next();
    else this.held = false;
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
  /** Prepared statements by name, with their parameter types, least recently used first. */
  private readonly prepared = new Map<string, number[]>();

  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const name = preparedName(compiled.sql);
    const result =
      name === undefined
        ? await this.pglite.query<R>(compiled.sql, compiled.parameters as unknown[], { rowMode: "object" })
        : await this.pglite.runExclusive(() => this.executePrepared<R>(name, compiled));
    return {
      rows: result.rows ?? [],
      numAffectedRows: result.affectedRows != null ? BigInt(result.affectedRows) : undefined,
    };
  }

  /**
   * A statement marked in prepared-statements.ts, as PGlite's query() runs one (the same
   * protocol messages, serializers and parsers) but parsed once under its name: later
   * runs only bind and execute it, so PostgreSQL in WASM neither parses nor, once it
   * keeps a generic plan, plans it again on the server's thread.
   */
  private async executePrepared<R>(name: string, compiled: CompiledQuery) {
    const { pglite } = this;
    const send = (message: Uint8Array) => pglite.execProtocolStream(message, { syncToFs: false });
    let types = this.prepared.get(name);
    if (types === undefined) {
      try {
        await this.forgetOldest();
        await send(protocol.serialize.parse({ name, text: compiled.sql }));
        types = parse.parseDescribeStatementResults(await send(protocol.serialize.describe({ type: "S", name })));
      } finally {
        // Ends the exchange, also after an error: the next statement starts clean.
        await send(protocol.serialize.sync());
      }
    }
    this.prepared.delete(name);
    this.prepared.set(name, types);
    const parameterTypes = types;
    const values = compiled.parameters.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = pglite.serializers[parameterTypes[i] ?? 0];
      return serializer ? serializer(value) : String(value);
    });
    // One call into PostgreSQL for the four messages, as a client pipelines them on a
    // socket (PGlite runs every message of a buffer; after an error PostgreSQL skips to
    // the Sync): a call into WASM per message was a share of each list request.
    const messages = await send(
      concat([
        protocol.serialize.bind({ statement: name, values }),
        protocol.serialize.describe({ type: "P" }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ]),
    );
    await pglite.syncToFs();
    const [result] = parse.parseResults(messages, pglite.parsers, { rowMode: "object" });
    return (result ?? { rows: [], fields: [] }) as unknown as { rows: R[]; affectedRows?: number };
  }

  /** Closes the least recently used statement once MAX_PREPARED_PER_CONNECTION are prepared. */
  private async forgetOldest(): Promise<void> {
    if (this.prepared.size < MAX_PREPARED_PER_CONNECTION) return;
    const oldest = this.prepared.keys().next().value;
    if (oldest === undefined) return;
    this.prepared.delete(oldest);
    await this.pglite.execProtocolStream(protocol.serialize.close({ type: "S", name: oldest }), { syncToFs: false });
    await this.pglite.execProtocolStream(protocol.serialize.sync(), { syncToFs: false });
  }

  // biome-ignore lint/correctness/useYield: PGlite has no cursor; Kysely's stream() is never used here.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("Streaming is not supported by PGlite");
  }
}

/** The messages one after another in one buffer. */
function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
