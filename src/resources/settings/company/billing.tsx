import { vatNumberError } from "@core/domain/billing";
import { Alert, Button, Card, Divider, Flex, Form, Input, Select, Skeleton } from "antd";
import { PAYMENT_BRAND_LABELS, PAYMENT_BRAND_NAMES, PaymentBrandIcon } from "@/components/icons";
import { readableError } from "@/providers/readable-error";
import type { CompanySettings } from "../api";
import type { Billing } from "../types";
import { AddressFields } from "./address-fields";
import { useCompanyForm } from "./use-company-form";

const toValues = (c: CompanySettings) => ({ billing: c.billing ?? {} });

/** Settings > company settings > billing information: VAT number, billing e-mail and address, payment method. */
export function CompanyBilling() {
  const { form, data, query, save, saving, canEdit } = useCompanyForm(toValues, "Billing information saved");
  if (query.isError) return <Alert type="error" showIcon message={readableError(query.error)} />;
  if (!data) return <Skeleton active />;
  const submit = ({ billing }: { billing: Billing }) => {
    const clean: Billing = { ...billing };
    if (!clean.vatNumber) delete clean.vatNumber;
    if (!clean.email) delete clean.email;
    if (!clean.paymentBrand) delete clean.paymentBrand;
    if (!clean.address?.line1) delete clean.address;
    save({ billing: clean });
  };
  return (
    <Card>
      <Form form={form} layout="vertical" disabled={!canEdit} onFinish={submit} style={{ maxWidth: 640 }}>
        <Form.Item
          name={["billing", "vatNumber"]}
          label="VAT number"
          extra="With the country code, e.g. DE123456789 or NL123456789B01."
          rules={[
            {
              validator: (_, value: string | undefined) => {
                const problem = value ? vatNumberError(value) : null;
                return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
              },
            },
          ]}
        >
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item
          name={["billing", "email"]}
          label="Billing e-mail"
          rules={[{ type: "email", message: "Enter an e-mail address" }]}
        >
          <Input inputMode="email" maxLength={254} />
        </Form.Item>
        <Form.Item name={["billing", "paymentBrand"]} label="Payment method">
          <Select
            allowClear
            placeholder="Select option"
            options={PAYMENT_BRAND_NAMES.map((brand) => ({
              value: brand,
              label: (
                <Flex align="center" gap="small">
                  <PaymentBrandIcon name={brand} />
                  {PAYMENT_BRAND_LABELS[brand]}
                </Flex>
              ),
            }))}
          />
        </Form.Item>
        <Divider orientation="left" plain>
          Billing address
        </Divider>
        <AddressFields name={["billing", "address"]} optional />
        {canEdit && (
          <Button type="primary" htmlType="submit" loading={saving}>
            Save
          </Button>
        )}
      </Form>
    </Card>
  );
}
