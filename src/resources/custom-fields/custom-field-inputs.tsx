import type { CustomFieldDefinition } from "@core/domain/custom-fields";
import { Form, Input, Select } from "antd";
import type { Rule } from "antd/es/form";
import { DatePicker } from "@/components/controls/date-picker";
import { fromDay, toDay } from "@/components/controls/date-picker/date-picker-state";
import { LocaleInputNumber } from "@/components/controls/number-input/locale-input-number";

/**
 * Form items for a report's custom fields, named `["customFields", key]`, so a form's
 * values can be sent as they are in `PATCH /label-reports/:id { customFields }`. The
 * server decides (types, options, required) and answers per field
 * (`customFields.<key>`); the required mark here is only a hint.
 */
export function CustomFieldInputs({
  definitions,
  rules,
}: {
  definitions: readonly CustomFieldDefinition[];
  /** More rules per field (the report overlay checks values with the server's rule). */
  rules?: (definition: CustomFieldDefinition) => Rule[];
}) {
  return (
    <>
      {definitions.map((definition) => (
        <Form.Item
          key={definition.key}
          name={["customFields", definition.key]}
          label={definition.name}
          rules={[
            ...(definition.required ? [{ required: true, message: `${definition.name} is required` }] : []),
            ...(rules?.(definition) ?? []),
          ]}
        >
          {input(definition)}
        </Form.Item>
      ))}
    </>
  );
}

function input(definition: CustomFieldDefinition) {
  switch (definition.type) {
    case "number":
      return <LocaleInputNumber style={{ width: "100%" }} />;
    case "date":
      return <CustomDateInput aria-label={definition.name} />;
    case "select":
      return (
        <Select
          allowClear
          placeholder="Select option"
          options={definition.options.map((option) => ({ value: option, label: option }))}
        />
      );
    case "text":
      return <Input maxLength={500} />;
  }
}

/**
 * The controls' date picker under a form item: the value stays the stored `YYYY-MM-DD`
 * text, and the calendar speaks the chosen locale (antd's picker only knew English names).
 */
function CustomDateInput(props: {
  id?: string;
  "aria-label": string;
  value?: string | null;
  onChange?: (value: string | null) => void;
}) {
  const value = typeof props.value === "string" && props.value ? fromDay(props.value) : null;
  return (
    <DatePicker
      id={props.id}
      aria-label={props["aria-label"]}
      value={value}
      onChange={(date) => props.onChange?.(date ? toDay(date) : null)}
    />
  );
}

/** Empty inputs mean "no value": sent as null, which clears the stored value. */
export function customFieldChanges(values: Record<string, unknown> | undefined): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values ?? {}).map(([key, value]) => [key, value === undefined || value === "" ? null : value]),
  );
}
