import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { Alert, Button, Card, Flex, Form, Skeleton, Typography } from "antd";
import { readableError } from "@/providers/readable-error";
import type { CompanySettings } from "../api";
import type { Address } from "../types";
import { AddressFields } from "./address-fields";
import { useCompanyForm } from "./use-company-form";

const MAX_ADDRESSES = 10;
const toValues = (c: CompanySettings): { addresses: Address[] } => ({
  addresses: c.addresses.map((a) => ({ ...a, type: a.type ?? "shipping" })),
});

/** Settings > company settings > addresses: the company's shipping and billing addresses. */
export function CompanyAddresses() {
  const { form, data, query, save, saving, canEdit } = useCompanyForm(toValues, "Addresses saved");
  if (query.isError) return <Alert type="error" showIcon message={readableError(query.error)} />;
  if (!data) return <Skeleton active />;
  return (
    <Form
      form={form}
      layout="vertical"
      disabled={!canEdit}
      onFinish={(v: { addresses?: Address[] }) => save({ addresses: v.addresses ?? [] })}
    >
      <Form.List name="addresses">
        {(fields, { add, remove }) => (
          <Flex vertical gap="middle">
            {fields.length === 0 && <Typography.Text type="secondary">No addresses yet.</Typography.Text>}
            {fields.map((field, index) => (
              <Card
                key={field.key}
                size="small"
                title={`Address ${index + 1}`}
                extra={
                  canEdit && (
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      onClick={() => remove(field.name)}
                      aria-label={`Remove address ${index + 1}`}
                    />
                  )
                }
              >
                <AddressFields name={[field.name]} withType />
              </Card>
            ))}
            {canEdit && (
              <Flex gap="small">
                <Button
                  icon={<PlusOutlined />}
                  disabled={fields.length >= MAX_ADDRESSES}
                  onClick={() => add({ type: "shipping" })}
                >
                  Add address
                </Button>
                <Button type="primary" htmlType="submit" loading={saving}>
                  Save
                </Button>
              </Flex>
            )}
          </Flex>
        )}
      </Form.List>
    </Form>
  );
}
