import type { ColumnSpec } from "@/components/list/columns";
import {
  type CustomFieldDefinition,
  customFieldListKey,
  formatCustomFieldValue,
  listCustomFields,
} from "@/domain/custom-fields";
import type { LabelReport } from "../types";

/**
 * One list column per custom field of the list (listCustomFields: one per key, the
 * active company's definition first), after the standard ones, titled with the field's
 * name and showing the report's value formatted for its type (dates in US format,
 * numbers with separators; no value: a dash). Not sortable: the list API orders by its
 * own fields only. Loaded by the list only when the company has custom fields.
 */
export function customFieldColumns(
  definitions: readonly CustomFieldDefinition[],
  ownCompanyId: string | undefined,
): ColumnSpec<LabelReport>[] {
  return listCustomFields(definitions, ownCompanyId).map((definition) => ({
    key: customFieldListKey(definition.key),
    title: definition.name,
    render: (report) => formatCustomFieldValue(definition, report.customFields?.[definition.key]),
  }));
}
