import { DeleteOutlined, ReloadOutlined, UserAddOutlined } from "@ant-design/icons";
import { type BaseRecord, type HttpError, useCustom, useCustomMutation, useDelete } from "@refinedev/core";
import { Alert, Button, Popconfirm, Space, Table, Tag, Tooltip, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useNavigate } from "react-router";
import { DateTimeText } from "@/components/list/date-time-text";
import { TitledPage } from "@/components/record/record-page";
import { roleLabel } from "@/domain/role-rules";
import { readableError } from "@/providers/data-provider";
import { failureText } from "../people/form-errors";
import type { Invite } from "../types";
import { ROLE_COLORS } from "./columns";
import { INVITES_RESOURCE } from "./invite";

/** Pending invitations of the company: resend (a new link; the old one dies) or revoke. */
export function PendingInvites() {
  const navigate = useNavigate();
  const { query, result } = useCustom<BaseRecord, HttpError>({ url: INVITES_RESOURCE, method: "get" });
  // The endpoint answers a plain array (not a paged list): every pending invitation at once.
  // Refine hands an empty object until the answer is in.
  const invites: Invite[] = Array.isArray(result.data) ? (result.data as unknown as Invite[]) : [];
  const refresh = () => void query.refetch();
  const now = Date.now();

  const columns: ColumnsType<Invite> = [
    { key: "email", dataIndex: "email", title: "E-mail" },
    {
      key: "roles",
      title: "Roles",
      render: (_, invite) => (
        <Space size={[0, 4]} wrap>
          {invite.roles.map((role) => (
            <Tag key={role} color={ROLE_COLORS[role]}>
              {roleLabel(role)}
            </Tag>
          ))}
        </Space>
      ),
    },
    {
      key: "invited",
      title: "Invited",
      render: (_, invite) => (
        <Space direction="vertical" size={0}>
          <DateTimeText value={invite.created} />
          {invite.invitedBy ? <Typography.Text type="secondary">by {invite.invitedBy}</Typography.Text> : null}
        </Space>
      ),
    },
    {
      key: "expires",
      title: "Link valid until",
      render: (_, invite) =>
        Date.parse(invite.expires) <= now ? (
          <Tag color="error">
            Expired <DateTimeText value={invite.expires} />
          </Tag>
        ) : (
          <DateTimeText value={invite.expires} />
        ),
    },
    {
      key: "actions",
      title: "",
      align: "right",
      render: (_, invite) => <InviteActions invite={invite} onChanged={refresh} />,
    },
  ];

  return (
    <TitledPage title="Pending invites" backTo="/users">
      <Space>
        <Button type="primary" icon={<UserAddOutlined />} onClick={() => navigate("/users/invite")}>
          Invite user
        </Button>
      </Space>
      {query.isError ? (
        <Alert
          type="error"
          showIcon
          message="Could not load the invitations"
          description={readableError(query.error)}
        />
      ) : null}
      <Table<Invite>
        rowKey="id"
        columns={columns}
        dataSource={invites}
        loading={query.isFetching}
        pagination={false}
        scroll={{ x: "max-content" }}
        locale={{ emptyText: "No pending invitations" }}
      />
    </TitledPage>
  );
}

function InviteActions({ invite, onChanged }: { invite: Invite; onChanged: () => void }) {
  const resend = useCustomMutation<Invite>();
  const revoke = useDelete<Invite>();
  return (
    <Space>
      <Tooltip title="Send again with a new link">
        <Button
          icon={<ReloadOutlined />}
          loading={resend.mutation.isPending}
          aria-label={`Resend the invitation to ${invite.email}`}
          onClick={() =>
            resend.mutate(
              {
                url: `${INVITES_RESOURCE}/${encodeURIComponent(invite.id)}/resend`,
                method: "post",
                values: {},
                successNotification: {
                  type: "success",
                  message: "Invitation sent again",
                  description: `${invite.email} got a new link; the old one no longer works`,
                },
                errorNotification: (error) => ({ type: "error", message: "Not sent", description: failureText(error) }),
              },
              { onSuccess: onChanged },
            )
          }
        >
          Resend
        </Button>
      </Tooltip>
      <Popconfirm
        title="Revoke this invitation?"
        description="Its link stops working."
        okText="Revoke"
        okButtonProps={{ danger: true }}
        onConfirm={() =>
          revoke.mutate(
            {
              resource: INVITES_RESOURCE,
              id: invite.id,
              successNotification: { type: "success", message: "Invitation revoked", description: invite.email },
              errorNotification: (error) => ({
                type: "error",
                message: "Not revoked",
                description: failureText(error),
              }),
            },
            { onSuccess: onChanged },
          )
        }
      >
        <Button danger icon={<DeleteOutlined />} aria-label={`Revoke the invitation to ${invite.email}`}>
          Revoke
        </Button>
      </Popconfirm>
    </Space>
  );
}
