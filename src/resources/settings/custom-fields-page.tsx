import { PlusOutlined } from "@ant-design/icons";
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Flex,
  Form,
  Input,
  Modal,
  Popconfirm,
  Radio,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from "antd";
import { useState } from "react";
import { TitledPage } from "@/components/record/record-page";
import {
  CUSTOM_FIELD_TYPES,
  type CustomFieldDefinition,
  type CustomFieldType,
  customFieldKey,
} from "@/domain/custom-fields";
import { useAccess } from "@/hooks/use-access";
import { readableError } from "@/providers/data-provider";
import { useAuthSessionStore } from "@/providers/stores/auth-session";
import { useCustomFieldDefinitions } from "@/resources/custom-fields";
import { SETTINGS_URL, showFieldErrors, useSettingsMutation } from "./api";

const TYPE_LABELS: Record<CustomFieldType, string> = { text: "Text", number: "Number", date: "Date", select: "Select" };

interface Values {
  name: string;
  type: CustomFieldType;
  options?: string[];
  required?: boolean;
}

/** Settings > custom fields: extra fields on the company's label reports (shown and filterable there). */
export function CustomFieldsPage() {
  const can = useAccess();
  const companyId = useAuthSessionStore((s) => s.currentUserRole?.company.id);
  const { definitions, query } = useCustomFieldDefinitions(companyId);
  const { mutate, mutation } = useSettingsMutation<CustomFieldDefinition & Record<string, unknown>>();
  const [editing, setEditing] = useState<CustomFieldDefinition | "new" | null>(null);
  const [form] = Form.useForm<Values>();
  const type = Form.useWatch("type", form);
  const name = Form.useWatch("name", form);

  const open = (field: CustomFieldDefinition | "new") => {
    setEditing(field);
    form.setFieldsValue(
      field === "new"
        ? { name: "", type: "text", options: [], required: false }
        : { name: field.name, type: field.type, options: field.options, required: field.required },
    );
  };

  const save = (values: Values) => {
    const isNew = editing === "new";
    const options = values.type === "select" ? (values.options ?? []) : [];
    mutate(
      {
        url: isNew
          ? SETTINGS_URL.customFields
          : `${SETTINGS_URL.customFields}/${(editing as CustomFieldDefinition).id}`,
        method: isNew ? "post" : "patch",
        values: isNew
          ? { name: values.name, type: values.type, options, required: values.required ?? false }
          : { name: values.name, required: values.required ?? false, ...(values.type === "select" ? { options } : {}) },
        successNotification: { message: isNew ? "Custom field created" : "Custom field saved", type: "success" },
        errorNotification: false,
      },
      {
        onSuccess: () => {
          setEditing(null);
          query.refetch();
        },
        onError: (error) => {
          if (!showFieldErrors(form, error)) form.setFields([{ name: "name", errors: [readableError(error)] }]);
        },
      },
    );
  };

  const remove = (field: CustomFieldDefinition) =>
    mutate(
      {
        url: `${SETTINGS_URL.customFields}/${field.id}`,
        method: "delete",
        values: {},
        successNotification: { message: `Custom field "${field.name}" deleted`, type: "success" },
      },
      { onSuccess: () => query.refetch() },
    );

  const canCreate = can({ action: "create", subject: "customField" });
  const canUpdate = can({ action: "update", subject: "customField" });
  const canDelete = can({ action: "delete", subject: "customField" });

  return (
    <TitledPage title="Custom fields" backTo="/settings">
      <Card>
        <Flex vertical gap="middle">
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            Custom fields add the company's own information to every label report (a batch number, a product, a packing
            date). They are shown on each report and can be filtered on in the report list.
          </Typography.Paragraph>
          {canCreate && (
            <div>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => open("new")}>
                Add custom field
              </Button>
            </div>
          )}
          {query.isError && <Alert type="error" showIcon message={readableError(query.error)} />}
          <Table<CustomFieldDefinition>
            rowKey="id"
            loading={query.isLoading}
            dataSource={definitions}
            pagination={false}
            locale={{ emptyText: "No custom fields yet" }}
            columns={[
              { key: "name", title: "Name", dataIndex: "name" },
              { key: "key", title: "Key", render: (_, f) => <code>{f.key}</code> },
              { key: "type", title: "Type", render: (_, f) => TYPE_LABELS[f.type] },
              {
                key: "options",
                title: "Options",
                render: (_, f) => (f.options.length ? f.options.map((o) => <Tag key={o}>{o}</Tag>) : "—"),
              },
              { key: "required", title: "Required", render: (_, f) => (f.required ? "Yes" : "No") },
              {
                key: "actions",
                title: "",
                align: "right",
                render: (_, f) => (
                  <Space>
                    {canUpdate && (
                      <Button onClick={() => open(f)} aria-label={`Edit ${f.name}`}>
                        Edit
                      </Button>
                    )}
                    {canDelete && (
                      <Popconfirm
                        title={`Delete "${f.name}"?`}
                        description="Reports keep their values, but they are no longer shown."
                        okText="Delete"
                        okButtonProps={{ danger: true }}
                        onConfirm={() => remove(f)}
                      >
                        <Button danger aria-label={`Delete ${f.name}`}>
                          Delete
                        </Button>
                      </Popconfirm>
                    )}
                  </Space>
                ),
              },
            ]}
          />
        </Flex>
      </Card>

      <Modal
        title={editing === "new" ? "Add custom field" : "Edit custom field"}
        open={editing !== null}
        okText="Save"
        confirmLoading={mutation.isPending}
        onOk={() => form.submit()}
        onCancel={() => setEditing(null)}
        forceRender
      >
        <Form form={form} layout="vertical" onFinish={save}>
          <Form.Item
            name="name"
            label="Name"
            rules={[{ required: true, whitespace: true, message: "Enter a name" }]}
            extra={editing === "new" && name ? `Key: ${customFieldKey(name) ?? "(needs a letter)"}` : undefined}
          >
            <Input maxLength={60} />
          </Form.Item>
          <Form.Item
            name="type"
            label="Type"
            extra={editing === "new" ? undefined : "The type of an existing field stays."}
          >
            <Radio.Group
              disabled={editing !== "new"}
              options={CUSTOM_FIELD_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
              optionType="button"
            />
          </Form.Item>
          {type === "select" && (
            <Form.Item
              name="options"
              label="Options"
              extra="Type an option and press Enter."
              rules={[{ required: true, type: "array", min: 1, message: "Add at least one option" }]}
            >
              <Select mode="tags" open={false} tokenSeparators={[","]} />
            </Form.Item>
          )}
          <Form.Item name="required" valuePropName="checked">
            <Checkbox>Required on every report</Checkbox>
          </Form.Item>
        </Form>
      </Modal>
    </TitledPage>
  );
}
