import { Form, Input } from "antd";
import { type AuthFailure, fieldError } from "./use-sign-in";

/** A new password and its repetition, with the server's password error under the first. */
export function NewPasswordFields({
  label,
  failure,
  autoFocus,
}: {
  label: string;
  failure: AuthFailure | null;
  autoFocus?: boolean;
}) {
  return (
    <>
      <Form.Item
        name="password"
        label={label}
        extra="At least 8 characters, with a letter and a number."
        rules={[{ required: true, message: "Choose a password" }]}
        {...fieldError(failure, "password")}
      >
        <Input.Password autoComplete="new-password" autoFocus={autoFocus} />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={`Repeat ${label.toLowerCase()}`}
        dependencies={["password"]}
        rules={[
          { required: true, message: "Repeat the password" },
          ({ getFieldValue }) => ({
            validator: (_, value) =>
              !value || getFieldValue("password") === value
                ? Promise.resolve()
                : Promise.reject(new Error("The passwords differ")),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
