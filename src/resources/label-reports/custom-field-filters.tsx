import { type CustomFieldDefinition, customFieldValue } from "@core/domain/custom-fields";
import { Divider, Form, Input, Select, Space } from "antd";
import { DatePicker } from "@/components/controls/date-picker";
import { type DateRange, fromDay, toDay } from "@/components/controls/date-picker/date-picker-state";
import { LocaleInputNumber } from "@/components/controls/number-input/locale-input-number";
import type { CustomFieldFilterValue, CustomFieldFilterValues, DayRange } from "./custom-field-filter-values";

/**
 * The custom-field controls of the filters panel, one per field of the list, under the
 * form name `customFields.<key>` (see custom-field-filter-values.ts for what each writes).
 * The date range picker holds Dates; the wire holds days: customFieldsToForm /
 * customFieldsFromForm convert.
 */

/** A field's control value inside the form (the date picker's range instead of days). */
export type CustomFieldFormValues = Record<string, CustomFieldFilterValue | DateRange>;

export function customFieldsToForm(
  values: CustomFieldFilterValues,
  definitions: readonly CustomFieldDefinition[],
): CustomFieldFormValues {
  const out: CustomFieldFormValues = { ...values };
  for (const d of definitions) {
    const range = customFieldValue(values, d.key) as DayRange | null | undefined;
    if (d.type === "date") out[d.key] = range ? { start: fromDay(range.from), end: fromDay(range.to) } : null;
  }
  return out;
}

export function customFieldsFromForm(
  values: CustomFieldFormValues | undefined,
  definitions: readonly CustomFieldDefinition[],
): CustomFieldFilterValues {
  const out: CustomFieldFilterValues = {};
  for (const d of definitions) {
    const value = (customFieldValue(values, d.key) ?? null) as CustomFieldFilterValue | DateRange | null;
    if (d.type === "date") {
      const range = value as DateRange | null;
      out[d.key] = range ? { from: toDay(range.start), to: toDay(range.end) } : null;
    } else out[d.key] = value as CustomFieldFilterValue;
  }
  return out;
}

export function CustomFieldFilterItems({ definitions }: { definitions: readonly CustomFieldDefinition[] }) {
  if (definitions.length === 0) return null;
  return (
    <section aria-label="Custom fields">
      <Divider orientation="left" plain>
        Custom fields
      </Divider>
      {definitions.map((definition) => (
        <CustomFieldFilterItem key={definition.key} definition={definition} />
      ))}
    </section>
  );
}

function CustomFieldFilterItem({ definition }: { definition: CustomFieldDefinition }) {
  const name = ["customFields", definition.key];
  const label = definition.name;
  switch (definition.type) {
    case "text":
      return (
        <Form.Item name={name} label={label}>
          <Input allowClear placeholder="Contains" aria-label={label} maxLength={500} />
        </Form.Item>
      );
    case "select":
      return (
        <Form.Item name={name} label={label}>
          <Select
            mode="multiple"
            allowClear
            aria-label={label}
            placeholder="Any value"
            options={definition.options.map((option) => ({ value: option, label: option }))}
          />
        </Form.Item>
      );
    case "number":
      return (
        <Form.Item label={label}>
          <Space.Compact block>
            <Form.Item name={[...name, "min"]} noStyle>
              <LocaleInputNumber placeholder="From" aria-label={`${label} from`} style={{ width: "50%" }} />
            </Form.Item>
            <Form.Item name={[...name, "max"]} noStyle>
              <LocaleInputNumber placeholder="To" aria-label={`${label} to`} style={{ width: "50%" }} />
            </Form.Item>
          </Space.Compact>
        </Form.Item>
      );
    case "date":
      return (
        <Form.Item name={name} label={label}>
          <DatePicker mode="range" aria-label={label} value={null} onChange={() => undefined} />
        </Form.Item>
      );
  }
}
