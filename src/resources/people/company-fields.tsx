import type { FormInstance } from "antd";
import { Form, Input, Typography } from "antd";
import type { CompanyFormValues } from "./company-form";
import { formFieldOf } from "./company-form";
import styles from "./people.module.css";

/** Name, place and main address of a company: the part every company form shares. */
export function CompanyFields() {
  return (
    <>
      <Form.Item name="name" label="Name" rules={[{ required: true, whitespace: true, message: "Enter a name" }]}>
        <Input autoComplete="organization" placeholder="Company name" />
      </Form.Item>
      <div className={styles.fieldRow}>
        <Form.Item name="city" label="City">
          <Input />
        </Form.Item>
        <Form.Item name="country" label="Country">
          <Input />
        </Form.Item>
      </div>
      <Typography.Title level={5} className={styles.sectionTitle}>
        Main address
      </Typography.Title>
      <Form.Item name="line1" label="Street and number">
        <Input autoComplete="address-line1" />
      </Form.Item>
      <div className={styles.fieldRow}>
        <Form.Item
          name="postalCode"
          label="Postal code"
          dependencies={["line1"]}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_, value: string | undefined) =>
                getFieldValue("line1")?.trim() && !value?.trim()
                  ? Promise.reject(new Error("Enter the postal code of the address"))
                  : Promise.resolve(),
            }),
          ]}
        >
          <Input autoComplete="postal-code" />
        </Form.Item>
        <Form.Item name="addressCity" label="Address city" tooltip="Leave empty to use the city above">
          <Input />
        </Form.Item>
      </div>
    </>
  );
}

/** Puts the server's per-field messages on the company form's fields. */
export function showCompanyErrors(form: FormInstance<CompanyFormValues>, error: unknown): void {
  const errors = (error as { errors?: Record<string, string> } | null)?.errors ?? {};
  const fields = Object.entries(errors).flatMap(([id, message]) => {
    const name = formFieldOf(id);
    return name ? [{ name, errors: [message] }] : [];
  });
  if (fields.length) form.setFields(fields);
}
