import { DISPOSITION_LABELS, type Disposition, dispositionCommentError } from "@core/domain/disposition";
import { Button, Form, Input } from "antd";
import type { ReactNode } from "react";

/**
 * The proof a signature needs, in every signing dialog (a report's or a shipment's
 * disposition, closing a deviation): the person's password, or, once they asked for one,
 * the code e-mailed to them. The server checks either; nobody else can sign for them.
 */
export function SigningProof({
  byEmail,
  onAskForCode,
  codeNote,
}: {
  byEmail: boolean;
  onAskForCode: () => void;
  codeNote?: ReactNode;
}) {
  if (byEmail)
    return (
      <Form.Item
        name="code"
        label="Code from your e-mail"
        rules={[{ required: true, message: "Enter the code" }]}
        extra={codeNote}
      >
        <Input autoComplete="one-time-code" maxLength={20} />
      </Form.Item>
    );
  return (
    <Form.Item
      name="password"
      label="Your password"
      rules={[{ required: true, message: "Enter your password to sign" }]}
      extra={
        <Button type="link" size="small" style={{ padding: 0 }} onClick={onAskForCode}>
          No password? E-mail me a code
        </Button>
      }
    >
      <Input.Password autoComplete="current-password" />
    </Form.Item>
  );
}

/**
 * A disposition's code signs the decision it was e-mailed for only: when another one is
 * chosen since, say so and offer a code for it; otherwise `sent` (if any).
 */
export function decisionCodeNote(
  chosen: Disposition | undefined,
  codeFor: Disposition | null,
  onAskForCode: () => void,
  sent?: string,
): ReactNode {
  if (chosen && codeFor && chosen !== codeFor)
    return (
      <span data-testid="code-for-other-disposition">
        The code signs "{DISPOSITION_LABELS[codeFor]}" only.{" "}
        <Button type="link" size="small" style={{ padding: 0 }} onClick={onAskForCode}>
          E-mail me a code for "{DISPOSITION_LABELS[chosen]}"
        </Button>
      </span>
    );
  return sent;
}

/**
 * A disposition's comment: required (at least a sentence) when the data it signs is
 * incomplete, by the same rule the server applies; `requiredNote` says why.
 */
export function DispositionComment({
  incomplete,
  requiredNote,
  rows,
}: {
  incomplete: boolean;
  requiredNote: string;
  rows: number;
}) {
  return (
    <Form.Item
      name="comment"
      label="Comment"
      rules={[
        {
          validator: async (_, value: string | undefined) => {
            const error = dispositionCommentError(incomplete, value);
            if (error) throw new Error(error);
          },
        },
      ]}
      extra={incomplete ? requiredNote : undefined}
    >
      <Input.TextArea rows={rows} maxLength={1000} showCount />
    </Form.Item>
  );
}
