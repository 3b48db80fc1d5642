import type { ListResource } from "@core/domain/resources";
import type { BaseRecord } from "@refinedev/core";
import type { ColumnDef } from "@tanstack/react-table";
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import type { ColumnSpec } from "./columns";

export interface ColumnDefOptions<T> {
  resource: ListResource;
  /** Where a record's first column links to. */
  recordLink?: ((record: T) => string) | undefined;
  /** The record link opens an overlay over the list, so it keeps the list's query. */
  overlayLinks?: boolean;
}

/**
 * Column specs as TanStack column definitions: sortable where the resource says so, the
 * first one a link. The definitions never depend on the address, so paging or filtering
 * does not rebuild them (new definitions render every cell of the page again).
 */
export function columnDefsOf<T extends BaseRecord>(
  specs: readonly ColumnSpec<T>[],
  { resource, recordLink, overlayLinks = false }: ColumnDefOptions<T>,
): ColumnDef<T>[] {
  return specs.map((spec, index): ColumnDef<T> => {
    const id = spec.sortKey ?? spec.key;
    const link = index === 0 ? recordLink : undefined;
    return {
      id,
      accessorFn: (record) => record[spec.key],
      header: spec.title,
      enableSorting: resource.fields[id]?.sortable === true,
      cell: link
        ? ({ row }) => (
            <RecordLink to={link(row.original)} keepSearch={overlayLinks}>
              {spec.render(row.original)}
            </RecordLink>
          )
        : ({ row }) => spec.render(row.original),
      ...(spec.pinned ? { meta: { pinned: true } } : {}),
    };
  });
}

function RecordLink({ to, keepSearch, children }: { to: string; keepSearch: boolean; children: ReactNode }) {
  const { search } = useLocation();
  return <Link to={keepSearch ? `${to}${search}` : to}>{children}</Link>;
}
