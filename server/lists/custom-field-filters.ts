import { type RawBuilder, sql } from "kysely";
import {
  CUSTOM_FIELD_FILTER_PREFIX,
  type CustomFieldDefinition,
  customFieldListField,
  customFieldListKey,
  listCustomFields,
} from "../../core/domain/custom-fields";
import type { Filter } from "../../core/domain/list-query";
import type { ListField, ListResource } from "../../core/domain/resources";
import type { ColumnMap } from "./compile";

/**
 * `customFields.<key>[op]value` on the label report list: the keys are whitelisted
 * against the companies' definitions (an undefined key is the usual "unknown filter
 * key" 400), and the key itself is a bound parameter of `->>`, like the value.
 * Numbers and dates compare as numbers and dates; a stored value of the wrong shape
 * (or a day that does not exist) compares as missing rather than failing the query.
 */

export function usesCustomFields(filters: readonly Filter[]): boolean {
  return filters.some((f) => f.key.startsWith(CUSTOM_FIELD_FILTER_PREFIX));
}

/**
 * A stored value as a date, or null when it is not one. A field redefined from text to
 * date keeps whatever people typed (2026-02-30, 05/03/2026), and a failed cast would
 * fail the whole list (a 500), so the value is cast only once it is known to be a day
 * that exists: the shape first, then the day against the month's length (leap years
 * included). Nested CASEs, because PostgreSQL may evaluate the two halves of an AND in
 * either order, and the month's length is itself a cast that needs a valid month.
 */
function storedDate(text: RawBuilder<unknown>) {
  return sql`(case when ${text} ~ '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$' and left(${text}, 4) <> '0000' then
    case when substr(${text}, 9, 2)::int <= extract(day from (left(${text}, 7) || '-01')::date + interval '1 month' - interval '1 day')
      then ${text}::date end
  end)`;
}

function column(reportAlias: string, definition: CustomFieldDefinition) {
  const json = sql.ref(`${reportAlias}.customFields`);
  const key = definition.key;
  switch (definition.type) {
    case "number":
      return sql`(case when jsonb_typeof(${json} -> ${key}::text) = 'number' then (${json} ->> ${key}::text)::numeric end)`;
    case "date":
      return storedDate(sql`(${json} ->> ${key}::text)`);
    default:
      return sql`(${json} ->> ${key}::text)`;
  }
}

/**
 * The list resource and columns with one entry per custom field of the caller's list
 * (listCustomFields: the caller's own company's definition of a key wins, select
 * options of the same key pool).
 */
export function withCustomFieldFilters(
  resource: ListResource,
  columns: ColumnMap,
  definitions: readonly CustomFieldDefinition[],
  ownCompanyId: string,
  reportAlias = "r",
): { resource: ListResource; columns: ColumnMap } {
  const fields: Record<string, ListField> = { ...resource.fields };
  const extended: ColumnMap = { ...columns };
  for (const definition of listCustomFields(definitions, ownCompanyId)) {
    const name = customFieldListKey(definition.key);
    fields[name] = customFieldListField(definition);
    extended[name] = column(reportAlias, definition);
  }
  return { resource: { ...resource, fields }, columns: extended };
}
