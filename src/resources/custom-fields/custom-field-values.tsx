import { Descriptions, Typography } from "antd";
import { type CustomFieldDefinition, formatCustomFieldValue } from "@/domain/custom-fields";
import { usePreferencesStore } from "@/providers/stores/preferences";

// The formatter lives in src/domain (the list's columns use it too).
export { formatCustomFieldValue };

/** A report's custom field values, one row per defined field (fields no longer defined are not shown). */
export function CustomFieldValues({
  definitions,
  values,
}: {
  definitions: readonly CustomFieldDefinition[];
  values: Record<string, unknown> | null | undefined;
}) {
  const locale = usePreferencesStore((s) => s.locale);
  if (definitions.length === 0) return <Typography.Text type="secondary">No custom fields</Typography.Text>;
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      items={definitions.map((definition) => ({
        key: definition.key,
        label: definition.name,
        children: formatCustomFieldValue(definition, values?.[definition.key], locale),
      }))}
    />
  );
}
