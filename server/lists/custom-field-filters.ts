import { sql } from "kysely";
import {
  CUSTOM_FIELD_FILTER_PREFIX,
  type CustomFieldDefinition,
  customFieldListField,
  customFieldListKey,
  listCustomFields,
} from "../../src/domain/custom-fields";
import type { Filter } from "../../src/domain/list-query";
import type { ListField, ListResource } from "../../src/domain/resources";
import type { ColumnMap } from "./compile";

/**
 * `customFields.<key>[op]value` on the label report list: the keys are whitelisted
 * against the companies' definitions (an undefined key is the usual "unknown filter
 * key" 400), and the key itself is a bound parameter of `->>`, like the value.
 * Numbers and dates compare as numbers and dates; a stored value of the wrong shape
 * compares as missing rather than failing the query.
 */

export function usesCustomFields(filters: readonly Filter[]): boolean {
  return filters.some((f) => f.key.startsWith(CUSTOM_FIELD_FILTER_PREFIX));
}

function column(reportAlias: string, definition: CustomFieldDefinition) {
  const json = sql.ref(`${reportAlias}.customFields`);
  const key = definition.key;
  switch (definition.type) {
    case "number":
      return sql`(case when jsonb_typeof(${json} -> ${key}::text) = 'number' then (${json} ->> ${key}::text)::numeric end)`;
    case "date":
      return sql`(case when (${json} ->> ${key}::text) ~ '^\\d{4}-\\d{2}-\\d{2}$' then (${json} ->> ${key}::text)::date end)`;
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
