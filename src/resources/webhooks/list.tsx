import { SendOutlined } from "@ant-design/icons";
import type { WebhookEndpointInput, WebhookEndpointWithSecret } from "@core/api/webhook";
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS } from "@core/domain/webhooks";
import type { HttpError } from "@refinedev/core";
import { useTable } from "@refinedev/react-table";
import { Alert, Button, Card, Flex, Form, Input, Modal, Typography } from "antd";
import { useMemo, useState } from "react";
import { FormCheckboxGroup } from "@/components/controls/form-groups/form-groups";
import { TitledPage } from "@/components/record/record-page";
import { DataTable } from "@/components/table/data-table";
import { useAccess } from "@/hooks/use-access";
import { readableError } from "@/providers/readable-error";
import { SETTINGS_URL, showFieldErrors, useSettingsMutation } from "@/resources/settings/api";
import type { WebhookEndpoint } from "../types";
import { webhookColumns } from "./columns";
import { WebhookDeliveries } from "./deliveries";

type CreateValues = Required<Pick<WebhookEndpointInput, "url" | "events">> & { description?: string };

/**
 * Settings > Webhooks: endpoints that receive the company's events as signed JSON POSTs
 * (README, "Webhooks"). The secret is shown once, at creation.
 */
export function WebhookList() {
  const can = useAccess();
  const canCreate = can({ action: "create", subject: "webhook" });
  const canUpdate = can({ action: "update", subject: "webhook" });
  const canDelete = can({ action: "delete", subject: "webhook" });
  const canTest = can({ action: "test", subject: "webhook" });
  const { mutate, mutation } = useSettingsMutation<WebhookEndpointWithSecret>();
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);
  const [log, setLog] = useState<WebhookEndpoint | null>(null);
  const [form] = Form.useForm<CreateValues>();

  const columns = useMemo(
    () => webhookColumns({ canUpdate, canDelete, canTest, showDeliveries: setLog }),
    [canUpdate, canDelete, canTest],
  );
  // The endpoint answers every endpoint at once, newest first: no paging, no order to ask for.
  const { reactTable, refineCore } = useTable<WebhookEndpoint, HttpError>({
    columns,
    getRowId: (endpoint) => endpoint.id,
    refineCoreProps: {
      resource: SETTINGS_URL.webhooks,
      pagination: { mode: "off" },
      sorters: { mode: "off" },
      filters: { mode: "off" },
      syncWithLocation: false,
      errorNotification: false,
      queryOptions: { enabled: can({ action: "read", subject: "webhook" }) },
    },
  });
  const { tableQuery } = refineCore;

  const create = ({ url, events, description }: CreateValues) =>
    mutate(
      {
        url: SETTINGS_URL.webhooks,
        method: "post",
        values: { url, events, description } satisfies WebhookEndpointInput,
        errorNotification: false,
      },
      {
        onSuccess: ({ data: created }) => {
          setCreating(false);
          form.resetFields();
          setSecret({ url: created.url, secret: created.secret });
          tableQuery.refetch();
        },
        onError: (error) => {
          if (!showFieldErrors(form, error)) form.setFields([{ name: "url", errors: [readableError(error)] }]);
        },
      },
    );

  return (
    <TitledPage title="Webhooks" backTo="/settings">
      <Card>
        <Flex vertical gap="middle">
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            A webhook sends this company's events (alarms, report ends, signed dispositions) to another system as a JSON
            POST, signed with the endpoint's secret in the <code>x-coldchain-signature</code> header. Failed deliveries
            are retried for about 9 hours; each endpoint's deliveries are listed under Deliveries.
          </Typography.Paragraph>
          {canCreate && (
            <div>
              <Button type="primary" icon={<SendOutlined />} onClick={() => setCreating(true)}>
                Add webhook
              </Button>
            </div>
          )}
          {tableQuery.isError && <Alert type="error" showIcon message={readableError(tableQuery.error)} />}
          <DataTable table={reactTable} loading={tableQuery.isLoading} pagination={false} emptyText="No webhooks yet" />
        </Flex>
      </Card>

      <Modal
        title="Add webhook"
        open={creating}
        okText="Add"
        confirmLoading={mutation.isPending}
        onOk={() => form.submit()}
        onCancel={() => setCreating(false)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={create} preserve={false}>
          <Form.Item
            name="url"
            label="URL"
            extra="Where the events are POSTed: https, on a public address."
            rules={[{ required: true, whitespace: true, message: "Enter the URL" }]}
          >
            <Input maxLength={2000} placeholder="https://qms.example.com/coldchain" autoFocus />
          </Form.Item>
          <Form.Item name="description" label="Description" extra="What receives the events, e.g. the QMS.">
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item
            name="events"
            label="Events"
            initialValue={["alarm"]}
            rules={[{ required: true, type: "array", min: 1, message: "Pick at least one event" }]}
          >
            <FormCheckboxGroup
              options={WEBHOOK_EVENTS.map((event) => ({ value: event, label: WEBHOOK_EVENT_LABELS[event] }))}
            />
          </Form.Item>
        </Form>
      </Modal>

      <Modal
        title="Your webhook's secret"
        open={secret !== null}
        closable={false}
        maskClosable={false}
        footer={
          <Button type="primary" onClick={() => setSecret(null)}>
            I have copied the secret
          </Button>
        }
      >
        <Flex vertical gap="small">
          <Alert type="warning" showIcon message="Copy the secret now: it is shown only this once." />
          <Typography.Text type="secondary">
            The receiver at {secret?.url} checks each request's signature with it.
          </Typography.Text>
          <Typography.Paragraph
            copyable={{ text: secret?.secret ?? "", tooltips: ["Copy secret", "Copied"] }}
            code
            data-testid="new-webhook-secret"
          >
            {secret?.secret}
          </Typography.Paragraph>
        </Flex>
      </Modal>

      <WebhookDeliveries endpoint={log} onClose={() => setLog(null)} />
    </TitledPage>
  );
}
