import { DeleteOutlined, ReloadOutlined } from "@ant-design/icons";
import { useCustomMutation, useDelete, useInvalidate } from "@refinedev/core";
import { Button, Popconfirm, Space, Tooltip } from "antd";
import { failureText } from "../people/form-errors";
import type { Invite } from "../types";
import { INVITES_RESOURCE } from "./invite";

/** Resend (a new link; the old one dies) or revoke one pending invitation. */
export function InviteActions({ invite }: { invite: Invite }) {
  const resend = useCustomMutation<Invite>();
  const revoke = useDelete<Invite>();
  const invalidate = useInvalidate();
  // A resend changes the row's dates and a revoke removes it: the list is read again either way.
  const onChanged = () => void invalidate({ resource: INVITES_RESOURCE, invalidates: ["list"] });
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
