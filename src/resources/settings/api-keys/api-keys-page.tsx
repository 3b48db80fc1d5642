import { KeyOutlined } from "@ant-design/icons";
import { Alert, Button, Card, Checkbox, Flex, Form, Input, Modal, Popconfirm, Table, Tag, Typography } from "antd";
import { useState } from "react";
import { TitledPage } from "@/components/record/record-page";
import {
  API_KEY_SCOPE_LABELS,
  API_KEY_SCOPES,
  type ApiKeyScope,
  DEFAULT_API_KEY_SCOPES,
} from "@/domain/api-key-scopes";
import { formatInstant } from "@/domain/datetime";
import { useAccess } from "@/hooks/use-access";
import { apiUrl } from "@/providers/api-url";
import { readableError } from "@/providers/data-provider";
import { selectTimeZoneName, usePreferencesStore } from "@/providers/stores/preferences";
import { SETTINGS_URL, showFieldErrors, useSettingsDocument, useSettingsMutation } from "../api";
import type { ApiKey, CreatedApiKey } from "../types";

/**
 * Settings > API keys: keys let another system (a warehouse system, a script) read
 * the company's label reports, or a gateway send its labels' readings, with
 * `api-key: <key>`. The secret is shown once.
 */
export function ApiKeysPage() {
  const can = useAccess();
  const timeZone = usePreferencesStore(selectTimeZoneName);
  const locale = usePreferencesStore((s) => s.locale);
  const { data, query } = useSettingsDocument<ApiKey[]>(
    SETTINGS_URL.apiKeys,
    can({ action: "read", subject: "apiKey" }),
  );
  const { mutate, mutation } = useSettingsMutation<CreatedApiKey>();
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<{ name: string; key: string } | null>(null);
  const [form] = Form.useForm<{ name: string; scopes: ApiKeyScope[] }>();
  const canCreate = can({ action: "create", subject: "apiKey" });
  const canRevoke = can({ action: "delete", subject: "apiKey" });
  const when = (value: string | null) => (value ? formatInstant(value, { timeZone, locale }) : "Never");

  const create = ({ name, scopes }: { name: string; scopes: ApiKeyScope[] }) =>
    mutate(
      { url: SETTINGS_URL.apiKeys, method: "post", values: { name, scopes }, errorNotification: false },
      {
        onSuccess: ({ data: created }) => {
          setCreating(false);
          form.resetFields();
          setSecret({ name: created.name, key: created.key });
          query.refetch();
        },
        onError: (error) => {
          if (!showFieldErrors(form, error)) form.setFields([{ name: "name", errors: [readableError(error)] }]);
        },
      },
    );

  const revoke = (key: ApiKey) =>
    mutate(
      {
        url: `${SETTINGS_URL.apiKeys}/${key.id}`,
        method: "delete",
        values: {},
        successNotification: { message: `API key "${key.name}" revoked`, type: "success" },
      },
      { onSuccess: () => query.refetch() },
    );

  return (
    <TitledPage title="API keys" backTo="/settings">
      <Card>
        <Flex vertical gap="middle">
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            An API key lets another system read this company's label reports, or a gateway send its labels' readings:
            send it in the <code>api-key</code> header, e.g.{" "}
            <code>curl -H "api-key: cck_…" {new URL(`${apiUrl()}/label-reports`, window.location.origin).href}</code>. A
            key does only what its scopes allow (a gateway's key reads no report) and stops working the moment it is
            revoked.
          </Typography.Paragraph>
          {canCreate && (
            <div>
              <Button type="primary" icon={<KeyOutlined />} onClick={() => setCreating(true)}>
                Create API key
              </Button>
            </div>
          )}
          {query.isError && <Alert type="error" showIcon message={readableError(query.error)} />}
          <Table<ApiKey>
            rowKey="id"
            loading={query.isLoading}
            dataSource={data ?? []}
            pagination={false}
            locale={{ emptyText: "No API keys yet" }}
            columns={[
              { key: "name", title: "Name", dataIndex: "name" },
              { key: "prefix", title: "Key", render: (_, key) => <code>{key.prefix}…</code> },
              {
                key: "scopes",
                title: "Scopes",
                render: (_, key) =>
                  (key.scopes ?? []).map((scope) => (
                    <Tag key={scope} title={API_KEY_SCOPE_LABELS[scope]}>
                      {scope}
                    </Tag>
                  )),
              },
              { key: "created", title: "Created", render: (_, key) => when(key.created) },
              { key: "createdBy", title: "Created by", render: (_, key) => key.createdByName ?? "—" },
              { key: "lastUsed", title: "Last used", render: (_, key) => when(key.lastUsed) },
              {
                key: "actions",
                title: "",
                align: "right",
                render: (_, key) =>
                  canRevoke && (
                    <Popconfirm
                      title={`Revoke "${key.name}"?`}
                      description="Systems using this key lose access at once."
                      okText="Revoke"
                      okButtonProps={{ danger: true }}
                      onConfirm={() => revoke(key)}
                    >
                      <Button danger aria-label={`Revoke ${key.name}`}>
                        Revoke
                      </Button>
                    </Popconfirm>
                  ),
              },
            ]}
          />
        </Flex>
      </Card>

      <Modal
        title="Create API key"
        open={creating}
        okText="Create"
        confirmLoading={mutation.isPending}
        onOk={() => form.submit()}
        onCancel={() => setCreating(false)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={create} preserve={false}>
          <Form.Item
            name="name"
            label="Name"
            extra="What uses the key, e.g. Warehouse system."
            rules={[{ required: true, whitespace: true, message: "Enter a name" }]}
          >
            <Input maxLength={100} autoFocus />
          </Form.Item>
          <Form.Item
            name="scopes"
            label="Scopes"
            initialValue={[...DEFAULT_API_KEY_SCOPES]}
            extra="A gateway that sends readings needs only Send readings: it then reads no report."
            rules={[{ required: true, type: "array", min: 1, message: "Pick at least one scope" }]}
          >
            <Checkbox.Group
              options={API_KEY_SCOPES.map((scope) => ({ value: scope, label: API_KEY_SCOPE_LABELS[scope] }))}
            />
          </Form.Item>
        </Form>
      </Modal>

      <Modal
        title="Your new API key"
        open={secret !== null}
        closable={false}
        maskClosable={false}
        footer={
          <Button type="primary" onClick={() => setSecret(null)}>
            I have copied the key
          </Button>
        }
      >
        <Flex vertical gap="small">
          <Alert type="warning" showIcon message="Copy the key now: it is shown only this once." />
          <Typography.Paragraph
            copyable={{ text: secret?.key ?? "", tooltips: ["Copy key", "Copied"] }}
            code
            data-testid="new-api-key"
          >
            {secret?.key}
          </Typography.Paragraph>
        </Flex>
      </Modal>
    </TitledPage>
  );
}
