import {
  CUSTOM_FIELD_FILTER_PREFIX,
  type CustomFieldDefinition,
  customFieldListKey,
  customFieldValue,
} from "@core/domain/custom-fields";
import { type Filter, includesFilter, listItems } from "@core/domain/list-query";

/**
 * The custom-field part of the label report filters: one control per field of the
 * list (useListCustomFields), its value <-> `customFields.<key>[op]value` filters of the
 * list grammar. Pure, so the round trip is tested (tests/unit/label-report-custom-field-filters.test.ts).
 *
 * - text: "contains", case-insensitive (`ilike`, like the search box);
 * - select: any of the chosen options (`includes`, like status and preset);
 * - number: from / to, both included (`gte`, `lte`);
 * - date: a range of calendar days, both included (`gte`, `lte`; the values are days,
 *   so no time zone applies).
 */

/** A calendar day, "YYYY-MM-DD". */
type Day = string;

interface NumberRange {
  min: number | null;
  max: number | null;
}

export interface DayRange {
  from: Day;
  to: Day;
}

export type CustomFieldFilterValue = string | string[] | NumberRange | DayRange | null;

/** Per field key; every field of the list has an entry (empty: no filter). */
export type CustomFieldFilterValues = Record<string, CustomFieldFilterValue>;

function isCustomFieldFilterKey(key: string): boolean {
  return key.startsWith(CUSTOM_FIELD_FILTER_PREFIX);
}

/** The custom-field keys the filters use (the form replaces all of them when applied). */
export function customFieldFilterKeys(filters: readonly Filter[]): string[] {
  return [...new Set(filters.map((f) => f.key).filter(isCustomFieldFilterKey))];
}

const finite = (value: string): number | null => {
  const n = Number(value);
  return value.trim() !== "" && Number.isFinite(n) ? n : null;
};

function controlValue(definition: CustomFieldDefinition, filters: readonly Filter[]): CustomFieldFilterValue {
  const key = customFieldListKey(definition.key);
  const mine = filters.filter((f) => f.key === key);
  const find = (...operators: Filter["operator"][]) => mine.find((f) => operators.includes(f.operator))?.value;
  switch (definition.type) {
    case "text":
      return find("ilike", "like", "eq") ?? "";
    case "select": {
      const list = mine.find((f) => f.operator === "includes");
      if (list) return listItems(list);
      const one = find("eq");
      return one === undefined ? [] : [one];
    }
    case "number": {
      const exact = find("eq");
      const min = find("gte", "gt") ?? exact;
      const max = find("lte", "lt") ?? exact;
      return { min: min === undefined ? null : finite(min), max: max === undefined ? null : finite(max) };
    }
    case "date": {
      const exact = find("eq");
      const from = (find("gte", "gt") ?? exact)?.slice(0, 10);
      const to = (find("lte", "lt") ?? exact)?.slice(0, 10);
      // A picker range needs both ends: one alone reads as that single day.
      if (from === undefined && to === undefined) return null;
      return { from: from ?? (to as Day), to: to ?? (from as Day) };
    }
  }
}

/** The list's filters -> the controls' values (hand-typed operators read as the nearest control). */
export function toCustomFieldValues(
  filters: readonly Filter[],
  definitions: readonly CustomFieldDefinition[],
): CustomFieldFilterValues {
  return Object.fromEntries(definitions.map((d) => [d.key, controlValue(d, filters)]));
}

function filtersOf(definition: CustomFieldDefinition, value: CustomFieldFilterValue | undefined): Filter[] {
  const key = customFieldListKey(definition.key);
  if (value === null || value === undefined) return [];
  switch (definition.type) {
    case "text": {
      const text = typeof value === "string" ? value.trim() : "";
      return text ? [{ key, operator: "ilike", value: text }] : [];
    }
    case "select":
      return Array.isArray(value) && value.length ? [includesFilter(key, value)] : [];
    case "number": {
      const { min, max } = value as NumberRange;
      const out: Filter[] = [];
      if (typeof min === "number" && Number.isFinite(min)) out.push({ key, operator: "gte", value: String(min) });
      if (typeof max === "number" && Number.isFinite(max)) out.push({ key, operator: "lte", value: String(max) });
      return out;
    }
    case "date": {
      const { from, to } = value as DayRange;
      return [
        { key, operator: "gte", value: from },
        { key, operator: "lte", value: to },
      ];
    }
  }
}

/** The controls' values -> the list's filters (an empty control gives none). */
export function toCustomFieldFilters(
  values: Partial<CustomFieldFilterValues> | undefined,
  definitions: readonly CustomFieldDefinition[],
): Filter[] {
  return definitions.flatMap((d) =>
    filtersOf(d, customFieldValue(values, d.key) as CustomFieldFilterValue | undefined),
  );
}
