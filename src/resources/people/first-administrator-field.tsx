import { Form, Input, Typography } from "antd";
import styles from "./people.module.css";

/**
 * The first administrator's e-mail of a company being created (sub-companies and the
 * control center's companies): the server invites that address in the same transaction.
 */
export function FirstAdministratorField({ companyNoun }: { companyNoun: string }) {
  return (
    <>
      <Typography.Title level={5} className={styles.sectionTitle}>
        First administrator
      </Typography.Title>
      <Form.Item
        name="administratorEmail"
        label="E-mail"
        extra={`They get an invitation to sign up as the ${companyNoun}'s administrator (valid 7 days).`}
        rules={[
          { required: true, message: "Enter the administrator's e-mail address" },
          { type: "email", message: "Enter a valid e-mail address" },
        ]}
      >
        <Input inputMode="email" autoComplete="off" placeholder="name@company.com" />
      </Form.Item>
    </>
  );
}
