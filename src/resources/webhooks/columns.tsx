import { formatInstant } from "@core/domain/datetime";
import { WEBHOOK_EVENT_LABELS } from "@core/domain/webhooks";
import { useInvalidate } from "@refinedev/core";
import { createColumnHelper } from "@tanstack/react-table";
import { Button, Flex, Popconfirm, Switch } from "antd";
import { PlainTag } from "@/components/controls/plain-tag/plain-tag";
import { selectTimeZoneName, usePreferencesStore } from "@/providers/stores/preferences";
import { SETTINGS_URL, useSettingsMutation } from "@/resources/settings/api";
import type { WebhookEndpoint } from "../types";

const column = createColumnHelper<WebhookEndpoint>();

/** An instant in the person's zone and locale; none says so. */
export function WebhookTime({ value, none = "—" }: { value: string | null; none?: string }) {
  const timeZone = usePreferencesStore(selectTimeZoneName);
  const locale = usePreferencesStore((s) => s.locale);
  return <>{value ? formatInstant(value, { timeZone, locale }) : none}</>;
}

/** Changes one endpoint (PATCH), then refreshes the list. */
function useEndpointChange(endpoint: WebhookEndpoint) {
  const { mutate, mutation } = useSettingsMutation();
  const invalidate = useInvalidate();
  const refresh = () => void invalidate({ resource: SETTINGS_URL.webhooks, invalidates: ["list"] });
  const change = (method: "patch" | "delete", values: object, message: string) =>
    mutate(
      {
        url: `${SETTINGS_URL.webhooks}/${endpoint.id}`,
        method,
        values,
        successNotification: { message, type: "success" },
      },
      { onSuccess: refresh },
    );
  return { change, pending: mutation.isPending };
}

function EnabledSwitch({ endpoint, canUpdate }: { endpoint: WebhookEndpoint; canUpdate: boolean }) {
  const { change, pending } = useEndpointChange(endpoint);
  return (
    <Switch
      checked={endpoint.enabled}
      disabled={!canUpdate}
      loading={pending}
      aria-label={`Enabled: ${endpoint.url}`}
      onChange={(enabled) =>
        change("patch", { enabled }, `Webhook to ${endpoint.url} ${enabled ? "enabled" : "disabled"}`)
      }
    />
  );
}

function DeleteEndpoint({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { change } = useEndpointChange(endpoint);
  return (
    <Popconfirm
      title={`Delete the webhook to ${endpoint.url}?`}
      description="Nothing more is sent to it, and its delivery log goes with it."
      okText="Delete"
      okButtonProps={{ danger: true }}
      onConfirm={() => change("delete", {}, `Webhook to ${endpoint.url} deleted`)}
    >
      <Button danger aria-label={`Delete webhook to ${endpoint.url}`}>
        Delete
      </Button>
    </Popconfirm>
  );
}

/** Queues a `test` delivery, then opens the delivery log where it shows. */
function SendTest({ endpoint, then }: { endpoint: WebhookEndpoint; then: (endpoint: WebhookEndpoint) => void }) {
  const { mutate, mutation } = useSettingsMutation();
  return (
    <Button
      loading={mutation.isPending}
      onClick={() =>
        mutate(
          {
            url: `${SETTINGS_URL.webhooks}/${endpoint.id}/test`,
            method: "post",
            values: {},
            successNotification: { message: `Test event queued for ${endpoint.url}`, type: "success" },
          },
          { onSuccess: () => then(endpoint) },
        )
      }
    >
      Send test event
    </Button>
  );
}

interface WebhookActions {
  canUpdate: boolean;
  canDelete: boolean;
  canTest: boolean;
  showDeliveries: (endpoint: WebhookEndpoint) => void;
}

/** The endpoint table; each action only for those who may. */
export function webhookColumns(actions: WebhookActions) {
  return [
    column.display({
      id: "url",
      header: "URL",
      cell: ({ row }) => (
        <Flex vertical>
          <code>{row.original.url}</code>
          {row.original.description}
        </Flex>
      ),
    }),
    column.display({
      id: "events",
      header: "Events",
      cell: ({ row }) =>
        row.original.events.map((event) => (
          <PlainTag key={event} title={WEBHOOK_EVENT_LABELS[event]}>
            {event}
          </PlainTag>
        )),
    }),
    column.display({
      id: "enabled",
      header: "Enabled",
      cell: ({ row }) => <EnabledSwitch endpoint={row.original} canUpdate={actions.canUpdate} />,
    }),
    column.display({
      id: "created",
      header: "Created",
      cell: ({ row }) => <WebhookTime value={row.original.created} />,
    }),
    column.display({ id: "createdBy", header: "Created by", cell: ({ row }) => row.original.createdByName ?? "—" }),
    column.display({
      id: "actions",
      header: "",
      meta: { align: "right" },
      cell: ({ row }) => (
        <Flex gap="small" justify="flex-end" wrap>
          {actions.canTest && row.original.enabled ? (
            <SendTest endpoint={row.original} then={actions.showDeliveries} />
          ) : null}
          <Button onClick={() => actions.showDeliveries(row.original)}>Deliveries</Button>
          {actions.canDelete ? <DeleteEndpoint endpoint={row.original} /> : null}
        </Flex>
      ),
    }),
  ];
}
