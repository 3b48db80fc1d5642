import { KeyOutlined } from "@ant-design/icons";
import type { ApiKeyInput } from "@core/api/api-key";
import { API_KEY_SCOPE_LABELS, API_KEY_SCOPES, DEFAULT_API_KEY_SCOPES } from "@core/domain/api-key-scopes";
import type { HttpError } from "@refinedev/core";
import { useTable } from "@refinedev/react-table";
import { Alert, Button, Card, Flex, Form, Input, Modal, Select, Typography } from "antd";
import { useMemo, useState } from "react";
import { FormCheckboxGroup } from "@/components/controls/form-groups/form-groups";
import { TitledPage } from "@/components/record/record-page";
import { DataTable } from "@/components/table/data-table";
import { useAccess } from "@/hooks/use-access";
import { apiUrl } from "@/providers/api-url";
import { readableError } from "@/providers/readable-error";
import { SETTINGS_URL, showFieldErrors, useSettingsMutation } from "@/resources/settings/api";
import type { ApiKey, CreatedApiKey } from "../types";
import { apiKeyColumns } from "./columns";
import { DEFAULT_EXPIRY_CHOICE, EXPIRY_CHOICES, type ExpiryChoice, expiresInDaysOf } from "./expiry-choices";

type CreateValues = Required<Pick<ApiKeyInput, "name" | "scopes">> & { expiry: ExpiryChoice };

/**
 * Settings > API keys: keys let another system (a warehouse system, a script) read
 * the company's label reports, or a gateway send its labels' readings, with
 * `api-key: <key>`. The secret is shown once.
 */
export function ApiKeyList() {
  const can = useAccess();
  const canCreate = can({ action: "create", subject: "apiKey" });
  const canRevoke = can({ action: "delete", subject: "apiKey" });
  const canChangeExpiry = can({ action: "update", subject: "apiKey" });
  // The endpoint answers every working key at once, newest first: no paging, no order to ask for.
  const { reactTable, refineCore } = useTable<ApiKey, HttpError>({
    columns: useMemo(() => apiKeyColumns(canRevoke, canChangeExpiry), [canRevoke, canChangeExpiry]),
    getRowId: (key) => key.id,
    refineCoreProps: {
      resource: SETTINGS_URL.apiKeys,
      pagination: { mode: "off" },
      sorters: { mode: "off" },
      filters: { mode: "off" },
      syncWithLocation: false,
      errorNotification: false,
      queryOptions: { enabled: can({ action: "read", subject: "apiKey" }) },
    },
  });
  const { tableQuery } = refineCore;
  const { mutate, mutation } = useSettingsMutation<CreatedApiKey>();
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<{ name: string; key: string } | null>(null);
  const [form] = Form.useForm<CreateValues>();

  const create = ({ name, scopes, expiry }: CreateValues) =>
    mutate(
      {
        url: SETTINGS_URL.apiKeys,
        method: "post",
        values: { name, scopes, expiresInDays: expiresInDaysOf(expiry) } satisfies ApiKeyInput,
        errorNotification: false,
      },
      {
        onSuccess: ({ data: created }) => {
          setCreating(false);
          form.resetFields();
          setSecret({ name: created.name, key: created.key });
          tableQuery.refetch();
        },
        onError: (error) => {
          if (!showFieldErrors(form, error)) form.setFields([{ name: "name", errors: [readableError(error)] }]);
        },
      },
    );

  return (
    <TitledPage title="API keys" backTo="/settings">
      <Card>
        <Flex vertical gap="middle">
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            An API key lets another system read this company's label reports, or a gateway send its labels' readings:
            send it in the <code>api-key</code> header, e.g.{" "}
            <code>curl -H "api-key: cck_…" {new URL(`${apiUrl()}/label-reports`, window.location.origin).href}</code>. A
            key does only what its scopes allow (a gateway's key reads no report) and stops working when it expires or
            the moment it is revoked.
          </Typography.Paragraph>
          {canCreate && (
            <div>
              <Button type="primary" icon={<KeyOutlined />} onClick={() => setCreating(true)}>
                Create API key
              </Button>
            </div>
          )}
          {tableQuery.isError && <Alert type="error" showIcon message={readableError(tableQuery.error)} />}
          <DataTable table={reactTable} loading={tableQuery.isLoading} pagination={false} emptyText="No API keys yet" />
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
            <FormCheckboxGroup
              options={API_KEY_SCOPES.map((scope) => ({ value: scope, label: API_KEY_SCOPE_LABELS[scope] }))}
            />
          </Form.Item>
          <Form.Item
            name="expiry"
            label="Works for"
            initialValue={DEFAULT_EXPIRY_CHOICE}
            extra="After that it gets 401 until an administrator extends it."
          >
            <Select options={[...EXPIRY_CHOICES]} />
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
