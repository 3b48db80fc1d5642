import { type RawBuilder, type SqlBool, sql } from "kysely";
import type { FieldError } from "../../core/api/error-answer";
import { type Filter, ListQueryError, listItems, type Order } from "../../core/domain/list-query";
import { type ListField, type ListResource, operatorsFor, valueError } from "../../core/domain/resources";

/**
 * Turns parsed list filters and orders into SQL. Keys map to SQL expressions through a
 * per-resource whitelist. A value from a small known set that steers the plan (a boolean,
 * an enum value, an id: each checked against its field first) is written as an SQL
 * literal, so that a page statement whose values are all of that kind is planned knowing
 * them and can be prepared (page-statement.ts); every other value (text, numbers, dates)
 * is a bound parameter, so the SQL text never holds what the user typed.
 */

export type ColumnMap = Record<string, RawBuilder<unknown>>;

const COMPARISONS = { eq: "=", ne: "<>", gt: ">", lt: "<", gte: ">=", lte: "<=" } as const;

/** Escapes LIKE wildcards so the user's text matches literally, then wraps it for "contains". */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function typedValue(field: ListField, value: string): string | number | boolean {
  if (field.type === "number") return Number(value);
  if (field.type === "boolean") return value === "true";
  return value;
}

/** Fields whose checked values are written into the SQL text (see the top of this file). */
function isLiteral(field: ListField): boolean {
  return field.type === "boolean" || field.type === "enum" || field.type === "id" || field.type === "textArray";
}

/** A checked value as SQL: a literal for the kinds isLiteral names, else a bound parameter. */
function sqlValue(field: ListField, value: string): RawBuilder<unknown> {
  const typed = typedValue(field, value);
  return isLiteral(field) ? sql.lit(typed) : sql`${typed}`;
}

/** The items of an `includes` filter as a text[] (an array literal, or one bound parameter). */
function textArray(field: ListField, items: readonly (string | number | boolean)[]): RawBuilder<unknown> {
  if (isLiteral(field) && items.length > 0) return sql`array[${sql.join(items.map((v) => sql.lit(v)))}]::text[]`;
  return sql`cast(${items} as text[])`;
}

/**
 * The field and column a key names, looked up as own properties only: a key such as
 * `constructor` or `__proto__` must not find what every object inherits (that was a 500).
 */
function lookup(resource: ListResource, columns: ColumnMap, key: string) {
  if (!Object.hasOwn(resource.fields, key) || !Object.hasOwn(columns, key)) return null;
  const field = resource.fields[key];
  const column = columns[key];
  return field && column ? { field, column } : null;
}

function condition(
  field: ListField,
  column: RawBuilder<unknown>,
  filter: Filter,
  leadsOrder: boolean,
): RawBuilder<SqlBool> {
  switch (filter.operator) {
    case "like":
      return sql<SqlBool>`${column} like ${likePattern(filter.value)} escape '\\'`;
    case "ilike":
      return sql<SqlBool>`${column} ilike ${likePattern(filter.value)} escape '\\'`;
    case "includes": {
      const items = listItems(filter).map((v) => typedValue(field, v));
      if (field.type === "textArray") return sql<SqlBool>`${column} && ${textArray(field, items)}`;
      if (leadsOrder && (field.type === "enum" || field.type === "text")) {
        // Filtered by some values of the column the list is ordered by (statuses, ordered
        // by status): PostgreSQL (before 17) uses "= any" as an index condition only by
        // giving up the index's order, so it read every row of the company. The range the
        // values span is an index bound that keeps the order. Only then: for other orders
        // the range (of unknown width at planning time) misleads the planner. min/max in
        // SQL, in the column's own collation.
        const values = textArray(field, items);
        return sql<SqlBool>`(${column} = any(${values}) and ${column} between (select min(v) from unnest(${values}) as v) and (select max(v) from unnest(${values}) as v))`;
      }
      if (isLiteral(field) && items.length > 0) {
        return sql<SqlBool>`${column} in (${sql.join(items.map((v) => sql.lit(v)))})`;
      }
      return sql<SqlBool>`${column} = any(${items})`;
    }
    default: {
      const op = COMPARISONS[filter.operator];
      return sql<SqlBool>`${column} ${sql.raw(op)} ${sqlValue(field, filter.value)}`;
    }
  }
}

function fieldErrors(resource: ListResource, columns: ColumnMap, filter: Filter): string | null {
  const field = lookup(resource, columns, filter.key)?.field;
  if (!field) return `Unknown filter key '${filter.key}'`;
  if (!operatorsFor(field.type).includes(filter.operator)) {
    return `Operator '${filter.operator}' is not allowed on '${filter.key}'`;
  }
  const values = filter.operator === "includes" ? listItems(filter) : [filter.value];
  if (filter.operator === "like" || filter.operator === "ilike") {
    return filter.value.length <= 500 ? null : `'${filter.key}' search text must be at most 500 characters`;
  }
  for (const v of values) {
    const problem = valueError(field, v);
    if (problem) return `'${filter.key}' ${problem}`;
  }
  return null;
}

export function compileFilters(
  resource: ListResource,
  columns: ColumnMap,
  filters: readonly Filter[],
  /** The first order key: a filter on it may be written to keep an ordered index scan. */
  firstOrderKey?: string,
): RawBuilder<SqlBool>[] {
  const errors: FieldError[] = [];
  const conditions: RawBuilder<SqlBool>[] = [];
  for (const filter of filters) {
    const problem = fieldErrors(resource, columns, filter);
    const found = lookup(resource, columns, filter.key);
    if (problem || !found) {
      errors.push({ id: "filter", error: problem ?? `Unknown filter key '${filter.key}'` });
      continue;
    }
    conditions.push(condition(found.field, found.column, filter, filter.key === firstOrderKey));
  }
  if (errors.length) throw new ListQueryError(errors);
  return conditions;
}

export function checkOrder(resource: ListResource, columns: ColumnMap, order: readonly Order[]): void {
  const errors: FieldError[] = [];
  for (const o of order) {
    const field = lookup(resource, columns, o.key)?.field;
    if (!field) errors.push({ id: "order", error: `Unknown order key '${o.key}'` });
    else if (!field.sortable) errors.push({ id: "order", error: `The list cannot be ordered by '${o.key}'` });
  }
  if (order.length > 3) errors.push({ id: "order", error: "At most 3 order keys" });
  if (errors.length) throw new ListQueryError(errors);
}
