import { type CustomFieldDefinition, customFieldValue, formatCustomFieldValue } from "./custom-fields";

/**
 * Record fields: custom fields marked "part of the record" (a batch, a product). Their values
 * are in the report's content hash (the record document's `recordFields`), printed on the
 * PDF and the share page, and an edit of one needs a reason and supersedes a signature.
 * The hash takes the key and the value, not the field's name, so renaming a field never
 * changes a signed record.
 */

export interface RecordField {
  key: string;
  /** The field's name now (printed); not hashed. */
  name: string;
  value: string | number;
  /** The value as screens and the PDF show it (US dates by default). */
  text: string;
}

const isValue = (value: unknown): value is string | number =>
  (typeof value === "string" && value !== "") || (typeof value === "number" && Number.isFinite(value));

/** A report's values of its company's record fields, in the fields' order; a field without a value is left out. */
export function recordFieldsOf(
  definitions: readonly CustomFieldDefinition[],
  values: Record<string, unknown> | null | undefined,
  locale = "en-US",
): RecordField[] {
  return definitions.flatMap((definition) => {
    const value = customFieldValue(values, definition.key);
    if (!definition.partOfRecord || !isValue(value)) return [];
    return [
      { key: definition.key, name: definition.name, value, text: formatCustomFieldValue(definition, value, locale) },
    ];
  });
}

/** The hashed form: key → value. */
export function recordFieldDocument(fields: readonly RecordField[]): Record<string, string | number> {
  return Object.fromEntries(fields.map((field) => [field.key, field.value]));
}

/**
 * The record fields a change of a report's values alters, as the audit trail writes them:
 * key → value before and after (null: none). Empty when no record field changes.
 */
export function recordFieldChanges(
  definitions: readonly CustomFieldDefinition[],
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
): { before: Record<string, string | number | null>; after: Record<string, string | number | null> } {
  const old = recordFieldDocument(recordFieldsOf(definitions, before));
  const now = recordFieldDocument(recordFieldsOf(definitions, after));
  const changed = {
    before: {} as Record<string, string | number | null>,
    after: {} as Record<string, string | number | null>,
  };
  for (const key of new Set([...Object.keys(old), ...Object.keys(now)])) {
    if (old[key] === now[key]) continue;
    changed.before[key] = old[key] ?? null;
    changed.after[key] = now[key] ?? null;
  }
  return changed;
}
