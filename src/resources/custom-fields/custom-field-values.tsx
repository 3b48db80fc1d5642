import { Descriptions, Typography } from "antd";
import dayjs from "dayjs";
import type { CustomFieldDefinition } from "@/domain/custom-fields";

/** A value as it reads on screen: dates in US format, numbers with separators. */
export function formatCustomFieldValue(definition: CustomFieldDefinition, value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (definition.type === "date" && typeof value === "string") return dayjs(value).format("MM/DD/YYYY");
  if (definition.type === "number" && typeof value === "number") return value.toLocaleString("en-US");
  return String(value);
}

/** A report's custom field values, one row per defined field (fields no longer defined are not shown). */
export function CustomFieldValues({
  definitions,
  values,
}: {
  definitions: readonly CustomFieldDefinition[];
  values: Record<string, unknown> | null | undefined;
}) {
  if (definitions.length === 0) return <Typography.Text type="secondary">No custom fields</Typography.Text>;
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      items={definitions.map((definition) => ({
        key: definition.key,
        label: definition.name,
        children: formatCustomFieldValue(definition, values?.[definition.key]),
      }))}
    />
  );
}
