import { ReloadOutlined } from "@ant-design/icons";
import { Alert, Button, Flex, Modal, Table, Tag } from "antd";
import { readableError } from "@/providers/readable-error";
import { SETTINGS_URL, useSettingsDocument } from "@/resources/settings/api";
import type { WebhookDelivery, WebhookEndpoint } from "../types";
import { WebhookTime } from "./columns";

const STATE_COLORS: Record<WebhookDelivery["state"], string> = {
  delivered: "success",
  pending: "processing",
  failed: "error",
};

/** An endpoint's delivery log (the newest 100): what was sent, how often, and what the receiver answered. */
export function WebhookDeliveries({ endpoint, onClose }: { endpoint: WebhookEndpoint | null; onClose: () => void }) {
  const { data, query } = useSettingsDocument<WebhookDelivery[]>(
    `${SETTINGS_URL.webhooks}/${endpoint?.id}/deliveries`,
    endpoint !== null,
  );
  return (
    <Modal
      title={`Deliveries to ${endpoint?.url ?? ""}`}
      open={endpoint !== null}
      onCancel={onClose}
      footer={null}
      width={960}
      destroyOnHidden
    >
      <Flex vertical gap="small">
        <div>
          <Button icon={<ReloadOutlined />} onClick={() => void query.refetch()} loading={query.isFetching}>
            Refresh
          </Button>
        </div>
        {query.isError && <Alert type="error" showIcon message={readableError(query.error)} />}
        <Table<WebhookDelivery>
          rowKey="id"
          size="small"
          loading={query.isLoading}
          dataSource={data ?? []}
          pagination={false}
          locale={{ emptyText: "Nothing sent yet" }}
          columns={[
            { key: "event", title: "Event", dataIndex: "event" },
            { key: "created", title: "Created", render: (_, d) => <WebhookTime value={d.created} /> },
            {
              key: "state",
              title: "State",
              render: (_, d) => <Tag color={STATE_COLORS[d.state]}>{d.state}</Tag>,
            },
            { key: "attempts", title: "Attempts", dataIndex: "attempts", align: "right" },
            { key: "lastStatus", title: "Status code", render: (_, d) => d.lastStatus ?? "—" },
            { key: "lastError", title: "Last error", render: (_, d) => d.lastError ?? "—" },
            {
              key: "deliveredAt",
              title: "Delivered",
              render: (_, d) => <WebhookTime value={d.deliveredAt} none="Not yet" />,
            },
          ]}
        />
      </Flex>
    </Modal>
  );
}
