import {
  type CustomFieldDefinition,
  customFieldListKey,
  customFieldValue,
  formatCustomFieldValue,
  listCustomFields,
} from "@core/domain/custom-fields";
import type { VisibilityState } from "@tanstack/react-table";
import type { ColumnSpec } from "@/components/list/columns";
import type { LabelReport } from "../types";
import { type ColumnChoiceItem, columnChoices } from "./column-choice";

/**
 * One list column per custom field of the list (listCustomFields: one per key, the
 * active company's definition first; those the user hid are hidden columns), after
 * the standard ones, titled with the field's name and showing the report's value
 * formatted for its type (dates in US format, numbers with separators; no value: a
 * dash). Not sortable: the list API orders by its own fields only. Loaded by the list
 * only when the company has custom fields.
 */
export function customFieldColumns(
  definitions: readonly CustomFieldDefinition[],
  ownCompanyId: string | undefined,
): ColumnSpec<LabelReport>[] {
  return listCustomFields(definitions, ownCompanyId).map((definition) => ({
    key: customFieldListKey(definition.key),
    title: definition.name,
    render: (report) => formatCustomFieldValue(definition, customFieldValue(report.customFields, definition.key)),
  }));
}

/** The fields the user hid as TanStack column visibility: a hidden column renders none of its cells. */
export function customFieldColumnVisibility(hidden: readonly string[]): VisibilityState {
  return Object.fromEntries(hidden.map((key) => [customFieldListKey(key), false]));
}

/** The Columns control's check boxes: every field of the list, in the columns' order. */
export function customFieldColumnChoices(
  definitions: readonly CustomFieldDefinition[],
  ownCompanyId: string | undefined,
  hidden: readonly string[],
): ColumnChoiceItem[] {
  return columnChoices(listCustomFields(definitions, ownCompanyId), hidden);
}
