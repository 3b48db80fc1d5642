import { type BaseKey, type BaseRecord, type HttpError, useOne } from "@refinedev/core";
import { Alert, Descriptions, Skeleton } from "antd";
import type { ColumnSpec } from "@/components/list/columns";
import { readableError } from "@/providers/readable-error";
import type { ResourceName } from "@/resources/names";

/** A record's fields as a description list, reusing the list's column specs. */
export function RecordDescriptions<T>({ record, fields }: { record: T; fields: ColumnSpec<T>[] }) {
  return (
    <Descriptions
      bordered
      size="small"
      column={1}
      items={fields.map((field) => ({ key: field.key, label: field.title, children: field.render(record) }))}
    />
  );
}

/** One record, fetched with Refine's useOne, shown as a description list. */
export function RecordDetails<T extends BaseRecord>({
  resource,
  id,
  fields,
}: {
  resource: ResourceName;
  id: BaseKey | undefined;
  fields: ColumnSpec<T>[];
}) {
  const { query, result } = useOne<T, HttpError>({
    resource,
    id: id ?? "",
    queryOptions: { enabled: id !== undefined },
  });
  if (query.isError) {
    return (
      <Alert type="error" showIcon message="Could not load this record" description={readableError(query.error)} />
    );
  }
  if (query.isLoading || !result) return <Skeleton active />;
  return <RecordDescriptions record={result} fields={fields} />;
}
