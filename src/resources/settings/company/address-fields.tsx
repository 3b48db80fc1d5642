import { Col, Form, Input, Row, Select } from "antd";
import type { NamePath } from "antd/es/form/interface";
import { ADDRESS_TYPES } from "../types";

/** The inputs of one address, under `name` (a form list item or `["billing", "address"]`). */
export function AddressFields({
  name,
  withType = false,
  optional = false,
}: {
  name: NamePath;
  withType?: boolean;
  /** The whole address may stay empty (billing): no field is required then. */
  optional?: boolean;
}) {
  const need = (message: string) => (optional ? [] : [{ required: true, whitespace: true, message }]);
  const path = (field: string) => [...(Array.isArray(name) ? name : [name]), field];
  return (
    <Row gutter={12}>
      {withType && (
        <Col xs={24} sm={8}>
          <Form.Item name={path("type")} label="Type" initialValue="shipping">
            <Select
              options={ADDRESS_TYPES.map((t) => ({ value: t, label: t === "shipping" ? "Shipping" : "Billing" }))}
            />
          </Form.Item>
        </Col>
      )}
      <Col xs={24} sm={withType ? 16 : 24}>
        <Form.Item name={path("label")} label="Label">
          <Input maxLength={100} placeholder="e.g. Head office" />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item name={path("line1")} label="Street" rules={need("Enter the street")}>
          <Input maxLength={200} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={8}>
        <Form.Item name={path("postalCode")} label="Postal code" rules={need("Enter the postal code")}>
          <Input maxLength={20} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={8}>
        <Form.Item name={path("city")} label="City" rules={need("Enter the city")}>
          <Input maxLength={100} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={8}>
        <Form.Item name={path("country")} label="Country" rules={need("Enter the country")}>
          <Input maxLength={100} />
        </Form.Item>
      </Col>
    </Row>
  );
}
