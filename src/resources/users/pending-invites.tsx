import { UserAddOutlined } from "@ant-design/icons";
import type { HttpError } from "@refinedev/core";
import { useTable } from "@refinedev/react-table";
import { Alert, Button, Space } from "antd";
import { useNavigate } from "react-router";
import { TitledPage } from "@/components/record/record-page";
import { DataTable } from "@/components/table/data-table";
import { readableError } from "@/providers/readable-error";
import type { Invite } from "../types";
import { INVITES_RESOURCE } from "./invite";
import { PENDING_INVITE_COLUMNS } from "./pending-invite-columns";

/** Pending invitations of the company: resend (a new link; the old one dies) or revoke. */
export function PendingInvites() {
  const navigate = useNavigate();
  // The endpoint answers every pending invitation at once: no paging, no order to ask for.
  const { reactTable, refineCore } = useTable<Invite, HttpError>({
    columns: PENDING_INVITE_COLUMNS,
    getRowId: (invite) => invite.id,
    refineCoreProps: {
      resource: INVITES_RESOURCE,
      pagination: { mode: "off" },
      sorters: { mode: "off" },
      filters: { mode: "off" },
      syncWithLocation: false,
    },
  });
  const { tableQuery } = refineCore;

  return (
    <TitledPage title="Pending invites" backTo="/users">
      <Space>
        <Button type="primary" icon={<UserAddOutlined />} onClick={() => navigate("/users/invite")}>
          Invite user
        </Button>
      </Space>
      {tableQuery.isError ? (
        <Alert
          type="error"
          showIcon
          message="Could not load the invitations"
          description={readableError(tableQuery.error)}
        />
      ) : null}
      <DataTable
        table={reactTable}
        loading={tableQuery.isFetching}
        pagination={false}
        emptyText="No pending invitations"
      />
    </TitledPage>
  );
}
