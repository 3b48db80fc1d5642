import { DatePicker, Form, Input, Select } from "antd";
import type { Rule } from "antd/es/form";
import dayjs, { type Dayjs } from "dayjs";
import { LocaleInputNumber } from "@/components/controls/number-input/locale-input-number";
import type { CustomFieldDefinition } from "@/domain/custom-fields";
import { dayPattern } from "@/domain/datetime";
import { usePreferencesStore } from "@/providers/stores/preferences";

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
  const locale = usePreferencesStore((s) => s.locale);
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
          {...(definition.type === "date"
            ? {
                // Stored as YYYY-MM-DD; the picker works with dayjs values.
                getValueProps: (value: unknown) => ({
                  value: typeof value === "string" && value ? dayjs(value) : null,
                }),
                normalize: (value: Dayjs | null) => (value ? value.format("YYYY-MM-DD") : null),
              }
            : {})}
        >
          {input(definition, locale)}
        </Form.Item>
      ))}
    </>
  );
}

function input(definition: CustomFieldDefinition, locale: string) {
  switch (definition.type) {
    case "number":
      return <LocaleInputNumber style={{ width: "100%" }} />;
    case "date":
      return <DatePicker format={dayPattern(locale)} style={{ width: "100%" }} />;
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

/** Empty inputs mean "no value": sent as null, which clears the stored value. */
export function customFieldChanges(values: Record<string, unknown> | undefined): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values ?? {}).map(([key, value]) => [key, value === undefined || value === "" ? null : value]),
  );
}
