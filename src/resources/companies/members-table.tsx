import type { HttpError } from "@refinedev/core";
import { useTable } from "@refinedev/react-table";
import type { ColumnDef, ColumnFilter } from "@tanstack/react-table";
import { Alert, Flex, Typography } from "antd";
import { useCallback } from "react";
import { ListSearch } from "@/components/list/list-search";
import { DataTable } from "@/components/table/data-table";
import { readableError } from "@/providers/readable-error";
import type { User } from "../types";

const MEMBERS_PAGE_SIZE = 50;

/** The search box's column filter: the server's users grammar searches name and e-mail at once. */
const SEARCH_FILTER = "nameOrEmail";

/**
 * One company's members, searchable, newest first: the control center's companies and a
 * distributor's sub-companies list them the same way, each with its own row actions.
 * `resource` is the members' list endpoint (…/{companyId}/users).
 */
export function MembersTable({
  resource,
  columns,
  enabled = true,
}: {
  resource: string;
  columns: ColumnDef<User>[];
  enabled?: boolean;
}) {
  const { reactTable, refineCore } = useTable<User, HttpError>({
    columns,
    getRowId: (user) => user.id,
    refineCoreProps: {
      resource,
      pagination: { pageSize: MEMBERS_PAGE_SIZE },
      sorters: { permanent: [{ field: "created", order: "desc" }] },
      syncWithLocation: false,
      queryOptions: { enabled },
    },
  });
  const { tableQuery, result } = refineCore;
  const searchValue = reactTable.getState().columnFilters.find((f) => f.id === SEARCH_FILTER)?.value;
  const search = useCallback(
    (text: string) => {
      const value = text.trim();
      // Refine's useTable reads a filter's `operator` off the column filter (a like search, not eq).
      reactTable.setColumnFilters(value ? [{ id: SEARCH_FILTER, value, operator: "contains" } as ColumnFilter] : []);
      // Any change of search goes back to page 1; with server paging TanStack would keep the page.
      reactTable.setPageIndex(0);
    },
    [reactTable],
  );
  return (
    <Flex vertical gap="middle">
      <Flex justify="space-between" align="center" wrap gap="middle">
        <Typography.Title level={3}>Members</Typography.Title>
        <ListSearch
          value={typeof searchValue === "string" ? searchValue : ""}
          onSearch={search}
          placeholder="Search by name or e-mail"
        />
      </Flex>
      {tableQuery.isError ? (
        <Alert
          type="error"
          showIcon
          message="Could not load the members"
          description={readableError(tableQuery.error)}
        />
      ) : null}
      <DataTable
        table={reactTable}
        total={result.total ?? 0}
        loading={tableQuery.isFetching}
        pagination={{ showSizeChanger: false, hideOnSinglePage: true }}
        emptyText="No members yet"
      />
    </Flex>
  );
}
