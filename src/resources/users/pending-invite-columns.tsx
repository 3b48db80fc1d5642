import { createColumnHelper } from "@tanstack/react-table";
import { Space, Tag, Typography } from "antd";
import { DateTimeText } from "@/components/list/date-time-text";
import { roleLabel } from "@/domain/role-rules";
import type { Invite } from "../types";
import { ROLE_COLORS } from "./columns";
import { InviteActions } from "./invite-actions";

const column = createColumnHelper<Invite>();

/** The pending-invitations table: every invitation comes at once, in the server's order (newest first). */
export const PENDING_INVITE_COLUMNS = [
  column.accessor("email", { header: "E-mail", enableSorting: false }),
  column.display({
    id: "roles",
    header: "Roles",
    cell: ({ row: { original: invite } }) => (
      <Space size={[0, 4]} wrap>
        {invite.roles.map((role) => (
          <Tag key={role} color={ROLE_COLORS[role]}>
            {roleLabel(role)}
          </Tag>
        ))}
      </Space>
    ),
  }),
  column.display({
    id: "invited",
    header: "Invited",
    cell: ({ row: { original: invite } }) => (
      <Space direction="vertical" size={0}>
        <DateTimeText value={invite.created} />
        {invite.invitedBy ? <Typography.Text type="secondary">by {invite.invitedBy}</Typography.Text> : null}
      </Space>
    ),
  }),
  column.display({
    id: "expires",
    header: "Link valid until",
    cell: ({ row: { original: invite } }) =>
      Date.parse(invite.expires) <= Date.now() ? (
        <Tag color="error">
          Expired <DateTimeText value={invite.expires} />
        </Tag>
      ) : (
        <DateTimeText value={invite.expires} />
      ),
  }),
  column.display({
    id: "actions",
    header: "",
    meta: { antd: { align: "right" } },
    cell: ({ row: { original: invite } }) => <InviteActions invite={invite} />,
  }),
];
