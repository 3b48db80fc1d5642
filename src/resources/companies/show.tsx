import { type HttpError, useOne } from "@refinedev/core";
import { useTable } from "@refinedev/react-table";
import type { ColumnFilter } from "@tanstack/react-table";
import { Alert, Card, Flex, Typography } from "antd";
import { useCallback, useMemo } from "react";
import { useParams } from "react-router";
import { ListSearch } from "@/components/list/list-search";
import { RecordDetails } from "@/components/record/record-details";
import { TitledPage } from "@/components/record/record-page";
import { DataTable } from "@/components/table/data-table";
import { readableError } from "@/providers/readable-error";
import { selectIsImpersonating, useAuthSessionStore } from "@/providers/stores/auth-session";
import { RESOURCE } from "@/resources/names";
import { companyFields } from "../sub-companies/columns";
import type { Company, User } from "../types";
import { memberColumns } from "./member-columns";

const MEMBERS_PAGE_SIZE = 50;

/** One company in the control center: its details and its members, each of whom can be impersonated. */
export function ControlCenterCompanyShow() {
  const { id } = useParams();
  return (
    <TitledPage title="Company" backTo="/control-center/companies">
      <Flex vertical gap="large">
        <Card>
          <RecordDetails<Company> resource={RESOURCE.controlCenterCompanies} id={id} fields={companyFields} />
        </Card>
        {id ? <CompanyMembers companyId={id} /> : null}
      </Flex>
    </TitledPage>
  );
}

/** The search box's column filter: the server's users grammar searches name and e-mail at once. */
const SEARCH_FILTER = "nameOrEmail";

function CompanyMembers({ companyId }: { companyId: string }) {
  // Once an impersonation starts, this page is on its way out and its token may not read
  // the control center: a refetch here would only be a 403.
  const impersonating = useAuthSessionStore(selectIsImpersonating);
  // The details card above asks the same query: its answer, not a second request.
  const { result: company } = useOne<Company, HttpError>({
    resource: RESOURCE.controlCenterCompanies,
    id: companyId,
    queryOptions: { enabled: !impersonating },
  });
  const companyName = company?.name ?? "this company";
  const { reactTable, refineCore } = useTable<User, HttpError>({
    columns: useMemo(() => memberColumns({ id: companyId, name: companyName }), [companyId, companyName]),
    getRowId: (user) => user.id,
    refineCoreProps: {
      resource: `${RESOURCE.controlCenterCompanies}/${encodeURIComponent(companyId)}/users`,
      pagination: { pageSize: MEMBERS_PAGE_SIZE },
      sorters: { permanent: [{ field: "created", order: "desc" }] },
      syncWithLocation: false,
      queryOptions: { enabled: !impersonating },
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
