import { UserSwitchOutlined } from "@ant-design/icons";
import { type HttpError, useList } from "@refinedev/core";
import { Alert, Button, Card, Flex, Table, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useState } from "react";
import { useParams } from "react-router";
import { ListSearch } from "@/components/list/list-search";
import { RecordDetails } from "@/components/record/record-details";
import { TitledPage } from "@/components/record/record-page";
import { readableError } from "@/providers/data-provider";
import { RESOURCE } from "@/providers/resources";
import { selectActiveRole, selectIsImpersonating, useAuthSessionStore } from "@/providers/stores/auth-session";
import { companyFields } from "../sub-companies/columns";
import type { Company, User } from "../types";
import { userColumns } from "../users/columns";
import { useImpersonate } from "./use-impersonate";

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

function CompanyMembers({ companyId }: { companyId: string }) {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState("");
  const selfId = useAuthSessionStore((s) => selectActiveRole(s)?.user.id);
  // Once an impersonation starts, this page is on its way out and its token may not read
  // the control center: a refetch here would only be a 403.
  const impersonating = useAuthSessionStore(selectIsImpersonating);
  const { impersonate, pendingFor } = useImpersonate();
  const { query, result } = useList<User, HttpError>({
    queryOptions: { enabled: !impersonating },
    resource: `${RESOURCE.controlCenterCompanies}/${encodeURIComponent(companyId)}/users`,
    pagination: { currentPage: page, pageSize: MEMBERS_PAGE_SIZE },
    filters: search ? [{ field: "nameOrEmail", operator: "contains", value: search }] : [],
    sorters: [{ field: "created", order: "desc" }],
  });
  const columns: ColumnsType<User> = [
    ...userColumns.map((spec) => ({
      key: spec.key,
      title: spec.title,
      render: (_: unknown, u: User) => spec.render(u),
    })),
    {
      key: "impersonate",
      title: "",
      align: "right",
      render: (_: unknown, user: User) =>
        user.id === selfId ? null : (
          <Button
            icon={<UserSwitchOutlined />}
            loading={pendingFor === user.id}
            aria-label={`Impersonate ${user.email}`}
            onClick={() => void impersonate(user, companyId).catch(() => undefined)}
          >
            Impersonate
          </Button>
        ),
    },
  ];
  return (
    <Flex vertical gap="middle">
      <Flex justify="space-between" align="center" wrap gap="middle">
        <Typography.Title level={3}>Members</Typography.Title>
        <ListSearch
          value={search}
          onSearch={(text) => {
            setSearch(text.trim());
            setPage(1);
          }}
          placeholder="Search by name or e-mail"
        />
      </Flex>
      {query.isError ? (
        <Alert type="error" showIcon message="Could not load the members" description={readableError(query.error)} />
      ) : null}
      <Table<User>
        rowKey="id"
        columns={columns}
        dataSource={result.data}
        loading={query.isFetching}
        locale={{ emptyText: "No members yet" }}
        pagination={{
          current: page,
          pageSize: MEMBERS_PAGE_SIZE,
          total: result.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
          hideOnSinglePage: true,
        }}
      />
    </Flex>
  );
}
