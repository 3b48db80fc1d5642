import fastJson from "fast-json-stringify";
import {
  type AliasedRawBuilder,
  type OperationNode,
  type OperationNodeSource,
  type RawBuilder,
  type SelectQueryNode,
  sql,
} from "kysely";

/**
 * A list page's items written as JSON by the database, byte for byte as the route's
 * serializer (fast-json-stringify, from the same schema) writes them from parsed rows.
 * The driver then reads one text per row instead of parsing every column (dates into
 * Date objects, booleans, numbers), and nothing is serialised again: on a list page that
 * was the largest share of the server's JavaScript after Kysely.
 *
 * The item's properties come from the base select's own columns (by their output name)
 * and the item schema says how each is written:
 * - strings: as text, through PostgreSQL's JSON escaping, which escapes exactly what
 *   JSON.stringify escapes (quote, backslash, control characters as \b \f \n \r \t or
 *   \u00xx; a text column cannot hold a lone surrogate);
 * - date-times: to_char in UTC with milliseconds, as Date.toISOString() writes them (the
 *   driver's parser truncates microseconds to milliseconds, and so does MS);
 * - booleans and integers: as PostgreSQL writes them;
 * - a missing value of a property that is not nullable: what the serializer writes for
 *   it ("", false, 0);
 * - anything else (objects, arrays, fractional numbers): read by the driver and written
 *   by fast-json-stringify with that property's schema, as before.
 * Consecutive database-written properties make one row_to_json object; the parts are
 * joined in the schema's order.
 */

interface PropertySchema {
  type?: string | readonly string[];
  format?: string;
}

/** A list item's JSON Schema (a TypeBox object schema): its properties in the answer's order. */
export interface ItemSchema {
  properties: Record<string, object>;
}

type Part =
  /** Properties the database writes: one JSON object text in column `column`. */
  | { kind: "database"; column: string }
  /** One property written here from the driver's value in column `column`. */
  | { kind: "server"; column: string; write: (value: unknown) => string };

export interface JsonRows {
  /** The select list of the page statement (replacing the base's). */
  selections: AliasedRawBuilder<unknown, string>[];
  /** One item's JSON from a result row. */
  item(row: Record<string, unknown>): string;
  /** The value of an order key (a property's value as the driver reads it; null when the item has none) in a row. */
  orderValue(row: Record<string, unknown>, key: string): unknown;
}

const DATE_TIME = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

function types(schema: PropertySchema): string[] {
  return schema.type === undefined ? [] : typeof schema.type === "string" ? [schema.type] : [...schema.type];
}

/** The SQL that writes a property's value as its JSON value, or null when the server must write it. */
function databaseValue(schema: PropertySchema, value: RawBuilder<unknown>): RawBuilder<unknown> | null {
  const all = types(schema);
  const nullable = all.includes("null");
  const [type, ...more] = all.filter((t) => t !== "null");
  if (more.length) return null;
  if (type === "string" && schema.format === "date-time") {
    const text = sql`to_char((${value})::timestamptz at time zone 'UTC', ${sql.raw(DATE_TIME)})`;
    return nullable ? text : sql`coalesce(${text}, '')`;
  }
  if (type === "string" && schema.format === undefined)
    return nullable ? sql`(${value})::text` : sql`coalesce((${value})::text, '')`;
  if (type === "boolean") return nullable ? value : sql`coalesce(${value}, false)`;
  if (type === "integer") return nullable ? value : sql`coalesce(${value}, 0)`;
  return null;
}

function wrap(node: OperationNode): OperationNodeSource {
  return { toOperationNode: () => node };
}

/** The base select's columns by output name (a column's name, or its alias). */
function columnsByName(select: SelectQueryNode): Map<string, OperationNode> {
  const columns = new Map<string, OperationNode>();
  for (const { selection } of select.selections ?? []) {
    if (selection.kind === "AliasNode" && selection.alias.kind === "IdentifierNode") {
      columns.set((selection.alias as unknown as { name: string }).name, selection.node);
    } else if (selection.kind === "ReferenceNode" && selection.column.kind === "ColumnNode") {
      columns.set(selection.column.column.name, selection);
    } else if (selection.kind === "ColumnNode") {
      columns.set(selection.column.name, selection);
    }
  }
  return columns;
}

const serializers = new WeakMap<PropertySchema, (value: unknown) => string>();

/** `"name":value` as fast-json-stringify writes that one property. */
function propertyWriter(name: string, schema: PropertySchema): (value: unknown) => string {
  let write = serializers.get(schema);
  if (!write) {
    const stringify = fastJson({ type: "object", properties: { [name]: schema } } as Parameters<typeof fastJson>[0]);
    write = (value: unknown) => stringify({ [name]: value }).slice(1, -1);
    serializers.set(schema, write);
  }
  return write;
}

/**
 * The select list and row writer of a page of `item`s whose values come from `select`'s
 * columns; `orderKeys` are the keys a cursor needs (selected apart, as the driver reads them).
 */
export function jsonRows(select: SelectQueryNode, item: ItemSchema, orderKeys: readonly string[]): JsonRows {
  const columns = columnsByName(select);
  const selections: AliasedRawBuilder<unknown, string>[] = [];
  const parts: Part[] = [];
  let pending: RawBuilder<unknown>[] = [];
  const flush = () => {
    if (!pending.length) return;
    const column = `j${parts.length}`;
    selections.push(sql`(select row_to_json(j) from (select ${sql.join(pending)}) as j)::text`.as(column));
    parts.push({ kind: "database", column });
    pending = [];
  };
  for (const [name, property] of Object.entries(item.properties)) {
    const schema = property as PropertySchema;
    const node = columns.get(name);
    if (!node) throw new Error(`The list's select has no column '${name}'`);
    const value = databaseValue(schema, sql`${wrap(node)}`);
    if (value) {
      // A raw alias: the camel-case plugin renames identifiers, and this one is the API's key.
      pending.push(sql`${value} as ${sql.raw(`"${name.replaceAll('"', '""')}"`)}`);
      continue;
    }
    flush();
    const column = `s${parts.length}`;
    selections.push(sql`${wrap(node)}`.as(column));
    parts.push({ kind: "server", column, write: propertyWriter(name, schema) });
  }
  flush();
  const keyColumns = new Map<string, string>();
  for (const key of new Set([...orderKeys, "id"])) {
    const node = columns.get(key);
    if (!node) continue;
    const column = `k${keyColumns.size}`;
    keyColumns.set(key, column);
    selections.push(sql`${wrap(node)}`.as(column));
  }
  return {
    selections,
    item(row) {
      let out = "";
      for (const part of parts) {
        const text =
          part.kind === "database" ? (row[part.column] as string).slice(1, -1) : part.write(row[part.column]);
        if (text) out = out ? `${out},${text}` : text;
      }
      return `{${out}}`;
    },
    orderValue(row, key) {
      const column = keyColumns.get(key);
      return column === undefined ? undefined : row[column];
    },
  };
}
