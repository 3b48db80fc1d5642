import type { BaseRecord, CrudSort } from "@refinedev/core";
import type { ColumnType } from "antd/es/table";
import { Link } from "react-router";
import type { ListResource } from "@/domain/resources";
import type { ColumnSpec } from "./columns";
import { columnSortOrder } from "./sort-order";

export interface AntdColumnOptions<T> {
  resource: ListResource;
  sorters: readonly CrudSort[];
  /** Where a record's first column links to. */
  recordLink?: ((record: T) => string) | undefined;
  /** Appended to record links (an overlay keeps the list's query). */
  linkSearch?: string;
}

/** Column specs as antd's table columns: sortable where the resource says so, the first one a link. */
export function antdColumnsOf<T extends BaseRecord>(
  columns: ColumnSpec<T>[],
  { resource, sorters, recordLink, linkSearch = "" }: AntdColumnOptions<T>,
): ColumnType<T>[] {
  return columns.map((spec, index) => {
    const sortKey = spec.sortKey ?? spec.key;
    const sortable = resource.fields[sortKey]?.sortable === true;
    return {
      key: spec.key,
      dataIndex: spec.key,
      title: spec.title,
      sorter: sortable,
      ...(spec.fixed ? { fixed: spec.fixed } : {}),
      sortOrder: sortable ? columnSortOrder(sortKey, sorters) : undefined,
      render: (_value: unknown, record: T) => {
        const content = spec.render(record);
        if (index !== 0 || !recordLink) return content;
        return <Link to={`${recordLink(record)}${linkSearch}`}>{content}</Link>;
      },
    };
  });
}
