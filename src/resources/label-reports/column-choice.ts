/**
 * Which custom-field columns the label-report list shows. The saved choice holds only the
 * keys the user hid: a field shows until hidden, so a field defined later shows at once,
 * and a hidden field that is deleted and defined again under its key stays hidden.
 * Pure, so the rule is tested without a browser (tests/unit/list-column-choice.test.ts).
 */

export interface ColumnField {
  key: string;
  name: string;
}

export interface ColumnChoiceItem {
  key: string;
  name: string;
  shown: boolean;
}

/** The saved choice's key: one per person and company (the impersonated company while impersonating). */
export function columnChoiceScope(list: string, userId: string | undefined, companyId: string | undefined) {
  return userId && companyId ? `${list}:${userId}:${companyId}` : null;
}

/** One check box per field, in the list's order. */
export function columnChoices(fields: readonly ColumnField[], hidden: readonly string[]): ColumnChoiceItem[] {
  const off = new Set(hidden);
  return fields.map(({ key, name }) => ({ key, name, shown: !off.has(key) }));
}

/**
 * The hidden keys after showing or hiding one field. Keys of fields the list no longer has
 * are dropped, so the stored choice does not grow with every field ever deleted.
 */
export function withFieldShown(
  fields: readonly ColumnField[],
  hidden: readonly string[],
  key: string,
  shown: boolean,
): string[] {
  const known = new Set(fields.map((field) => field.key));
  const kept = hidden.filter((k) => known.has(k) && k !== key);
  return shown || !known.has(key) ? kept : [...kept, key];
}
