import { API_KEY_SCOPE_LABELS } from "@core/domain/api-key-scopes";
import { formatInstant } from "@core/domain/datetime";
import { useInvalidate } from "@refinedev/core";
import { createColumnHelper } from "@tanstack/react-table";
import { Button, Flex, Form, Modal, Popconfirm, Select, Tag } from "antd";
import { useState } from "react";
import { PlainTag } from "@/components/controls/plain-tag/plain-tag";
import { selectTimeZoneName, usePreferencesStore } from "@/providers/stores/preferences";
import { SETTINGS_URL, useSettingsMutation } from "@/resources/settings/api";
import type { ApiKey } from "../types";
import { DEFAULT_EXPIRY_CHOICE, EXPIRY_CHOICES, type ExpiryChoice, expiresInDaysOf } from "./expiry-choices";

const column = createColumnHelper<ApiKey>();

/** An instant in the person's zone and locale; a key never used says so. */
function KeyTime({ value }: { value: string | null }) {
  const timeZone = usePreferencesStore(selectTimeZoneName);
  const locale = usePreferencesStore((s) => s.locale);
  return <>{value ? formatInstant(value, { timeZone, locale }) : "Never"}</>;
}

function RevokeKey({ apiKey }: { apiKey: ApiKey }) {
  const { mutate } = useSettingsMutation();
  const invalidate = useInvalidate();
  return (
    <Popconfirm
      title={`Revoke "${apiKey.name}"?`}
      description="Systems using this key lose access at once."
      okText="Revoke"
      okButtonProps={{ danger: true }}
      onConfirm={() =>
        mutate(
          {
            url: `${SETTINGS_URL.apiKeys}/${apiKey.id}`,
            method: "delete",
            values: {},
            successNotification: { message: `API key "${apiKey.name}" revoked`, type: "success" },
          },
          { onSuccess: () => void invalidate({ resource: SETTINGS_URL.apiKeys, invalidates: ["list"] }) },
        )
      }
    >
      <Button danger aria-label={`Revoke ${apiKey.name}`}>
        Revoke
      </Button>
    </Popconfirm>
  );
}

/** When a key stops working; one past its time says so. */
function KeyExpiry({ value }: { value: string | null }) {
  if (value && Date.parse(value) <= Date.now())
    return (
      <Flex gap={4} align="center">
        <KeyTime value={value} /> <Tag color="error">Expired</Tag>
      </Flex>
    );
  return <KeyTime value={value} />;
}

/** "Change expiry": a new expiry counted from now (administrators). */
function ChangeExpiry({ apiKey }: { apiKey: ApiKey }) {
  const { mutate, mutation } = useSettingsMutation();
  const invalidate = useInvalidate();
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState<ExpiryChoice>(DEFAULT_EXPIRY_CHOICE);
  const save = () =>
    mutate(
      {
        url: `${SETTINGS_URL.apiKeys}/${apiKey.id}`,
        method: "patch",
        values: { expiresInDays: expiresInDaysOf(choice) },
        successNotification: { message: `Expiry of "${apiKey.name}" changed`, type: "success" },
      },
      {
        onSuccess: () => {
          setOpen(false);
          void invalidate({ resource: SETTINGS_URL.apiKeys, invalidates: ["list"] });
        },
      },
    );
  return (
    <>
      <Button onClick={() => setOpen(true)} aria-label={`Change expiry of ${apiKey.name}`}>
        Change expiry
      </Button>
      <Modal
        title={`Change expiry of "${apiKey.name}"`}
        open={open}
        okText="Save"
        confirmLoading={mutation.isPending}
        onOk={save}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item
            label="Works for"
            htmlFor="api-key-expiry"
            extra="Counted from now. An expired key gets 401 until extended."
          >
            <Select id="api-key-expiry" value={choice} onChange={setChoice} options={[...EXPIRY_CHOICES]} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

/** The API-key table; the Revoke and Change expiry buttons only for those who may. */
export function apiKeyColumns(canRevoke: boolean, canChangeExpiry: boolean) {
  return [
    column.accessor("name", { header: "Name", enableSorting: false }),
    column.display({ id: "prefix", header: "Key", cell: ({ row }) => <code>{row.original.prefix}…</code> }),
    column.display({
      id: "scopes",
      header: "Scopes",
      cell: ({ row }) =>
        (row.original.scopes ?? []).map((scope) => (
          <PlainTag key={scope} title={API_KEY_SCOPE_LABELS[scope]}>
            {scope}
          </PlainTag>
        )),
    }),
    column.display({ id: "created", header: "Created", cell: ({ row }) => <KeyTime value={row.original.created} /> }),
    column.display({ id: "createdBy", header: "Created by", cell: ({ row }) => row.original.createdByName ?? "—" }),
    column.display({
      id: "lastUsed",
      header: "Last used",
      cell: ({ row }) => <KeyTime value={row.original.lastUsed} />,
    }),
    column.display({
      id: "expiresAt",
      header: "Expires",
      cell: ({ row }) => <KeyExpiry value={row.original.expiresAt} />,
    }),
    column.display({
      id: "actions",
      header: "",
      meta: { align: "right" },
      cell: ({ row }) => (
        <Flex gap="small" justify="flex-end">
          {canChangeExpiry ? <ChangeExpiry apiKey={row.original} /> : null}
          {canRevoke ? <RevokeKey apiKey={row.original} /> : null}
        </Flex>
      ),
    }),
  ];
}
