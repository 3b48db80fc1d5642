import { API_KEY_SCOPE_LABELS } from "@core/domain/api-key-scopes";
import { formatInstant } from "@core/domain/datetime";
import { useInvalidate } from "@refinedev/core";
import { createColumnHelper } from "@tanstack/react-table";
import { Button, Popconfirm } from "antd";
import { PlainTag } from "@/components/controls/plain-tag/plain-tag";
import { selectTimeZoneName, usePreferencesStore } from "@/providers/stores/preferences";
import { SETTINGS_URL, useSettingsMutation } from "@/resources/settings/api";
import type { ApiKey } from "../types";

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

/** The API-key table; the Revoke button only for those who may revoke. */
export function apiKeyColumns(canRevoke: boolean) {
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
      id: "actions",
      header: "",
      meta: { align: "right" },
      cell: ({ row }) => (canRevoke ? <RevokeKey apiKey={row.original} /> : null),
    }),
  ];
}
