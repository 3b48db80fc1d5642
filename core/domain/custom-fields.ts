import type { CustomFieldRecord } from "../api/custom-field";
import { formatDecimal } from "./number-text";
import type { ListField } from "./resources";

/**
 * Custom fields: extra, company-defined fields on label reports. The definitions
 * and the rules for their values live here once; the server validates a report's
 * values with them and the dashboard renders and edits with them.
 */

export const CUSTOM_FIELD_TYPES = ["text", "number", "date", "select"] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

/** A custom field as the rules take it: its record without the creation time. */
export type CustomFieldDefinition = Omit<CustomFieldRecord, "created">;

/** The list-filter key of a custom field: `customFields.<key>` (docs/api.md, list grammar). */
export const CUSTOM_FIELD_FILTER_PREFIX = "customFields.";

export const MAX_CUSTOM_FIELDS = 30;
export const MAX_SELECT_OPTIONS = 50;
const MAX_TEXT_VALUE = 500;
const KEY_RULE = /^[a-z][A-Za-z0-9]{0,39}$/;

/**
 * The key of a field, derived from its name: camelCase of its ASCII letters and
 * digits ("Batch number" -> batchNumber, "PO #2" -> po2). A name with no letter
 * gives null (the field needs a name with at least one letter).
 */
export function customFieldKey(name: string): string | null {
  const words = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  const key = words
    .map((word, i) => (i === 0 ? word.toLowerCase() : word[0]?.toUpperCase() + word.slice(1).toLowerCase()))
    .join("")
    .replace(/^[0-9]+/, "")
    .slice(0, 40);
  return key && KEY_RULE.test(key) ? key : null;
}

/** `YYYY-MM-DD` naming a real calendar day. */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Problems with one value for one definition, or null. `null`/"" means "no value". */
export function customFieldValueError(definition: CustomFieldDefinition, value: unknown): string | null {
  switch (definition.type) {
    case "text":
      if (typeof value !== "string") return "must be text";
      return value.length <= MAX_TEXT_VALUE ? null : `must be at most ${MAX_TEXT_VALUE} characters`;
    case "number":
      return typeof value === "number" && Number.isFinite(value) ? null : "must be a number";
    case "date":
      return typeof value === "string" && isIsoDate(value) ? null : "must be a date (YYYY-MM-DD)";
    case "select":
      return typeof value === "string" && definition.options.includes(value)
        ? null
        : `must be one of ${definition.options.join(", ")}`;
  }
}

export interface FieldProblem {
  id: string;
  error: string;
}

const isEmpty = (value: unknown) => value === null || value === undefined || value === "";

/**
 * A report's value for a key, read as an own property only: keys come from field
 * names, and "Constructor" or "To string" must find the report's value (or nothing),
 * never what every object inherits.
 */
export function customFieldValue(values: Record<string, unknown> | null | undefined, key: string): unknown {
  return values && Object.hasOwn(values, key) ? values[key] : undefined;
}

/**
 * Applies changes to a report's stored values: every changed key must be defined and
 * its value fit the definition; null or "" clears a value; afterwards every required
 * field must hold a value. Values of fields no longer defined are kept as they are
 * (never silently deleted) but cannot be set. Problems are per field
 * (`customFields.<key>`).
 */
export function applyCustomFieldChanges(
  definitions: readonly CustomFieldDefinition[],
  stored: Record<string, unknown>,
  changes: Record<string, unknown>,
): { values: Record<string, unknown>; problems: FieldProblem[] } {
  const byKey = new Map(definitions.map((d) => [d.key, d]));
  const values: Record<string, unknown> = { ...stored };
  const problems: FieldProblem[] = [];
  for (const [key, value] of Object.entries(changes)) {
    const definition = byKey.get(key);
    const id = `customFields.${key}`;
    if (!definition) {
      problems.push({ id, error: "is not a custom field of this company" });
      continue;
    }
    if (isEmpty(value)) {
      delete values[key];
      continue;
    }
    const problem = customFieldValueError(definition, value);
    if (problem) problems.push({ id, error: problem });
    else values[key] = value;
  }
  for (const definition of definitions) {
    if (
      definition.required &&
      isEmpty(customFieldValue(values, definition.key)) &&
      !problems.some((p) => p.id.endsWith(`.${definition.key}`))
    )
      problems.push({ id: `customFields.${definition.key}`, error: `${definition.name} is required` });
  }
  return { values, problems };
}

/**
 * The definitions as they bind one report: a field that became required after the report was
 * registered is optional for it, so its other values stay savable without a value nobody
 * asked for then; reports registered since must hold it.
 */
export function definitionsBinding<T extends CustomFieldDefinition>(
  definitions: readonly T[],
  registeredAt: string | Date,
): T[] {
  const registered = new Date(registeredAt).getTime();
  return definitions.map((d) =>
    d.required && d.requiredSince !== null && new Date(d.requiredSince).getTime() > registered
      ? { ...d, required: false }
      : d,
  );
}

/** Problems with a definition's name, type and options (create and update). */
export function definitionProblems(input: {
  name?: string;
  type?: CustomFieldType;
  options?: readonly string[];
}): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (input.name !== undefined) {
    if (!input.name.trim()) problems.push({ id: "name", error: "Enter a name" });
    else if (customFieldKey(input.name) === null)
      problems.push({ id: "name", error: "The name needs at least one letter" });
  }
  if (input.type === "select") {
    const options = (input.options ?? []).map((o) => o.trim());
    if (options.length === 0) problems.push({ id: "options", error: "A select field needs at least one option" });
    else if (options.some((o) => !o)) problems.push({ id: "options", error: "Options cannot be empty" });
    else if (new Set(options).size !== options.length) problems.push({ id: "options", error: "Options must differ" });
  } else if (input.type !== undefined && (input.options ?? []).length > 0) {
    problems.push({ id: "options", error: "Only select fields have options" });
  }
  return problems;
}

/** The list-filter (and list-column) key of a field: `customFields.batchNumber`. */
export function customFieldListKey(key: string): string {
  return `${CUSTOM_FIELD_FILTER_PREFIX}${key}`;
}

/** How the list grammar types a field's values (so which operators it takes, core/domain/resources.ts). */
export function customFieldListField(definition: CustomFieldDefinition): ListField {
  switch (definition.type) {
    case "number":
      return { type: "number" };
    case "date":
      return { type: "timestamp" };
    case "select":
      return { type: "enum", values: definition.options };
    case "text":
      return { type: "text" };
  }
}

/**
 * The custom fields a caller's label-report list shows and filters by, one per key. A
 * distributor sees its sub-companies' reports, whose companies may define the same key:
 * the caller's own company's definition wins (name, type), then the oldest; select
 * fields of the same key pool their options, so every company's values can be chosen.
 * The server whitelists filter keys with this list and the dashboard builds its columns
 * and filter controls from it.
 */
export function listCustomFields(
  definitions: readonly CustomFieldDefinition[],
  ownCompanyId: string | undefined,
): CustomFieldDefinition[] {
  const own = (d: CustomFieldDefinition) => Number(d.companyId === ownCompanyId);
  // Stable: within own / other companies the given (oldest first) order stays.
  const ordered = [...definitions].sort((a, b) => own(b) - own(a));
  const byKey = new Map<string, CustomFieldDefinition>();
  for (const definition of ordered) {
    const first = byKey.get(definition.key);
    if (!first) byKey.set(definition.key, { ...definition, options: [...definition.options] });
    else if (first.type === "select" && definition.type === "select")
      for (const option of definition.options) if (!first.options.includes(option)) first.options.push(option);
  }
  // Shown in the order the definitions came (oldest first), whichever company won a key.
  return definitions.flatMap((d) => {
    const chosen = byKey.get(d.key);
    if (!chosen || chosen.id !== d.id) return [];
    return [chosen];
  });
}

/**
 * `2026-03-09` -> `03/09/2026` in en-US (month first), `09.03.2026` in de-DE; not a
 * date: as it is. A calendar date has no zone: it is read and written in UTC.
 */
function calendarDate(value: string, locale: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return value;
  const at = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  if (Number.isNaN(at)) return value;
  return new Intl.DateTimeFormat(locale, { timeZone: "UTC", year: "numeric", month: "2-digit", day: "2-digit" }).format(
    at,
  );
}

/**
 * A value as the screens show it: dates and numbers in the user's locale (US format by default), select
 * and text as stored; no value is a dash. A calendar date, so no time zone applies.
 */
export function formatCustomFieldValue(definition: CustomFieldDefinition, value: unknown, locale = "en-US"): string {
  if (value === null || value === undefined || value === "") return "—";
  if (definition.type === "date" && typeof value === "string") return calendarDate(value, locale);
  if (definition.type === "number" && typeof value === "number") return formatDecimal(value, { locale });
  return String(value);
}

/**
 * A report's custom field values as label and text: its company's fields in their order
 * (named, formatted, "—" when empty), then values of keys no longer defined, under their
 * key, so that nothing a report holds is hidden.
 */
export function customFieldRows(
  definitions: readonly CustomFieldDefinition[],
  values: Record<string, unknown> | null | undefined,
  locale = "en-US",
): { key: string; label: string; text: string; defined: boolean }[] {
  const defined = definitions.map((d) => ({
    key: d.key,
    label: d.name,
    text: formatCustomFieldValue(d, customFieldValue(values, d.key), locale),
    defined: true,
  }));
  const known = new Set(definitions.map((d) => d.key));
  const leftovers = Object.entries(values ?? {})
    .filter(([key, value]) => !known.has(key) && value !== null && value !== "")
    .map(([key, value]) => ({ key, label: key, text: String(value), defined: false }));
  return [...defined, ...leftovers];
}
