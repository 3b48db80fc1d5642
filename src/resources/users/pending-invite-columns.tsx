import { roleLabel } from "@core/domain/role-rules";
import { createColumnHelper } from "@tanstack/react-table";
import { Space, Typography } from "antd";
import { PlainTag } from "@/components/controls/plain-tag/plain-tag";
import { DateTimeText } from "@/components/list/date-time-text";
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
          <PlainTag key={role} color={ROLE_COLORS[role]}>
            {roleLabel(role)}
          </PlainTag>
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
        <PlainTag color="error">
          Expired <DateTimeText value={invite.expires} />
        </PlainTag>
      ) : (
        <DateTimeText value={invite.expires} />
      ),
  }),
  column.display({
    id: "actions",
    header: "",
    meta: { align: "right" },
    cell: ({ row: { original: invite } }) => <InviteActions invite={invite} />,
  }),
];
