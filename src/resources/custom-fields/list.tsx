import { PlusOutlined } from "@ant-design/icons";
import {
  CUSTOM_FIELD_TYPES,
  type CustomFieldDefinition,
  type CustomFieldType,
  customFieldKey,
} from "@core/domain/custom-fields";
import type { HttpError } from "@refinedev/core";
import { useTable } from "@refinedev/react-table";
import { Alert, Button, Card, Checkbox, Flex, Form, Input, Modal, Radio, Select, Typography } from "antd";
import { useCallback, useMemo, useState } from "react";
import { TitledPage } from "@/components/record/record-page";
import { DataTable } from "@/components/table/data-table";
import { useAccess } from "@/hooks/use-access";
import { readableError } from "@/providers/readable-error";
import { useAuthSessionStore } from "@/providers/stores/auth-session";
import { SETTINGS_URL, showFieldErrors, useSettingsMutation } from "@/resources/settings/api";
import { CUSTOM_FIELD_TYPE_LABELS, customFieldColumns } from "./columns";

interface Values {
  name: string;
  type: CustomFieldType;
  options?: string[];
  required?: boolean;
  partOfRecord?: boolean;
}

/** Settings > custom fields: extra fields on the company's label reports (shown and filterable there). */
export function CustomFieldList() {
  const can = useAccess();
  const canCreate = can({ action: "create", subject: "customField" });
  const canUpdate = can({ action: "update", subject: "customField" });
  const canDelete = can({ action: "delete", subject: "customField" });
  const companyId = useAuthSessionStore((s) => s.currentUserRole?.company.id);
  const { mutate, mutation } = useSettingsMutation<CustomFieldDefinition & Record<string, unknown>>();
  const [editing, setEditing] = useState<CustomFieldDefinition | "new" | null>(null);
  const [form] = Form.useForm<Values>();
  const type = Form.useWatch("type", form);
  const name = Form.useWatch("name", form);

  const open = useCallback(
    (field: CustomFieldDefinition | "new") => {
      setEditing(field);
      form.setFieldsValue(
        field === "new"
          ? { name: "", type: "text", options: [], required: false, partOfRecord: false }
          : {
              name: field.name,
              type: field.type,
              options: field.options,
              required: field.required,
              partOfRecord: field.partOfRecord,
            },
      );
    },
    [form],
  );

  // The endpoint answers every definition the caller can see at once (oldest first, the order
  // reports show them in); TanStack keeps this company's.
  const columnFilters = useMemo(() => (companyId ? [{ id: "companyId", value: companyId }] : []), [companyId]);
  const { reactTable, refineCore } = useTable<CustomFieldDefinition, HttpError>({
    columns: useMemo(() => customFieldColumns({ canUpdate, canDelete, edit: open }), [canUpdate, canDelete, open]),
    getRowId: (field) => field.id,
    state: { columnFilters, columnVisibility: { companyId: false } },
    refineCoreProps: {
      resource: SETTINGS_URL.customFields,
      pagination: { mode: "off" },
      sorters: { mode: "off" },
      filters: { mode: "off" },
      syncWithLocation: false,
      errorNotification: false,
    },
  });
  const { tableQuery } = refineCore;

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
          ? {
              name: values.name,
              type: values.type,
              options,
              required: values.required ?? false,
              partOfRecord: values.partOfRecord ?? false,
            }
          : { name: values.name, required: values.required ?? false, ...(values.type === "select" ? { options } : {}) },
        successNotification: { message: isNew ? "Custom field created" : "Custom field saved", type: "success" },
        errorNotification: false,
      },
      {
        onSuccess: () => {
          setEditing(null);
          tableQuery.refetch();
        },
        onError: (error) => {
          if (!showFieldErrors(form, error)) form.setFields([{ name: "name", errors: [readableError(error)] }]);
        },
      },
    );
  };

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
          {tableQuery.isError && <Alert type="error" showIcon message={readableError(tableQuery.error)} />}
          <DataTable
            table={reactTable}
            loading={tableQuery.isLoading}
            pagination={false}
            emptyText="No custom fields yet"
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
              options={CUSTOM_FIELD_TYPES.map((t) => ({ value: t, label: CUSTOM_FIELD_TYPE_LABELS[t] }))}
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
            <Checkbox>Required on reports registered from now on</Checkbox>
          </Form.Item>
          <Form.Item
            name="partOfRecord"
            valuePropName="checked"
            extra={
              editing === "new"
                ? "Its values are in the signed record: hashed, printed on the PDF and share page, and changed only with a reason. Cannot be changed later."
                : "Chosen when the field was created."
            }
          >
            <Checkbox disabled={editing !== "new"}>Part of the record</Checkbox>
          </Form.Item>
        </Form>
      </Modal>
    </TitledPage>
  );
}
