import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { CompiledQuery } from "kysely";
import { from as copyFrom } from "pg-copy-streams";
import type { Db } from "../db/index";

/** A value in COPY's text format: `\N` for null; our values (numbers, ISO times) need no escaping. */
export const copyValue = (value: number | string | null) => (value === null ? "\\N" : String(value));

/** Lines a COPY chunk holds: big enough that writes are few, small enough not to build one huge string. */
const LINES_PER_CHUNK = 2000;

/**
 * True when `db` (a transaction) runs on node-postgres: only there does COPY FROM STDIN
 * work (pg-copy-streams); PGlite's driver has no copy stream.
 */
export async function canCopy(db: Db): Promise<boolean> {
  return db.getExecutor().provideConnection(async (connection) => connection.constructor.name === "PostgresConnection");
}

/**
 * `COPY … FROM STDIN` of `lines` (each a row in COPY's text format, without its newline)
 * on the connection of `trx`, inside its transaction. Kysely has no COPY and does not
 * hand out its pg client, but its PostgreSQL connection passes a compiled query's `sql`
 * to the client's `query()` as it is, and node-postgres takes a Submittable there (as
 * pg-copy-streams' README shows): the copy stream is queued on the transaction's own
 * client, then fed. Answers the rows copied.
 */
export async function copyRows(trx: Db, copySql: string, lines: readonly string[]): Promise<number> {
  const stream = copyFrom(copySql);
  // The Submittable stands where Kysely expects the SQL text (see above): hence the cast.
  try {
    await trx.executeQuery({ ...CompiledQuery.raw(""), sql: stream as unknown as string });
  } catch (error) {
    // Already queued on the client, the COPY would wait for its data for ever: fail it instead.
    stream.destroy(error instanceof Error ? error : new Error(String(error)));
    throw error;
  }
  await pipeline(Readable.from(chunks(lines)), stream);
  return stream.rowCount;
}

function* chunks(lines: readonly string[]): Generator<string> {
  for (let i = 0; i < lines.length; i += LINES_PER_CHUNK) yield `${lines.slice(i, i + LINES_PER_CHUNK).join("\n")}\n`;
}
