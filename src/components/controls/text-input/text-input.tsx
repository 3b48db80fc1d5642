import { EyeInvisibleOutlined, EyeOutlined, WarningFilled } from "@ant-design/icons";
import { Button, Input, Tooltip } from "antd";
import { type ReactNode, useId, useState } from "react";
import { Field } from "../field/field";
import {
  ANTD_SIZE,
  ANTD_VARIANT,
  type ControlRounded,
  type ControlSize,
  type ControlVariant,
  type FieldIssue,
  type FieldState,
  hasError,
  issueMessage,
} from "../field/field-state";
import styles from "./text-input.module.css";
import { effectiveInputType, passwordToggleLabel, type TextInputType } from "./text-input-state";

export interface TextInputProps {
  id?: string;
  name?: string;
  label?: ReactNode;
  type?: TextInputType;
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  placeholder?: string;
  optional?: boolean;
  state?: FieldState;
  issue?: FieldIssue | null;
  hint?: ReactNode;
  size?: ControlSize;
  variant?: ControlVariant;
  rounded?: ControlRounded;
  disabled?: boolean;
  readOnly?: boolean;
  autoComplete?: string;
  prefix?: ReactNode;
  className?: string;
}

/**
 * A labelled text field: the seven input types, an 'optional' badge, a show/hide toggle
 * for passwords, and the error state (alert icon with the issue in a tooltip, and the
 * issue as text under the field).
 */
export function TextInput({
  id,
  name,
  label,
  type = "text",
  value,
  onChange,
  onBlur,
  placeholder,
  optional,
  state,
  issue,
  hint,
  size = "md",
  variant = "outline",
  rounded = "md",
  disabled,
  readOnly,
  autoComplete,
  prefix,
  className,
}: TextInputProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const helpId = `${inputId}-help`;
  const [revealed, setRevealed] = useState(false);
  const error = hasError(state, issue);
  const message = issueMessage(issue);
  const help = error && message ? message : hint;

  const suffix = (
    <>
      {error ? (
        <Tooltip title={message ?? "Invalid value"}>
          <WarningFilled className={styles.alert} aria-label={message ?? "Invalid value"} role="img" />
        </Tooltip>
      ) : null}
      {type === "password" ? (
        <Button
          type="text"
          size="small"
          className={styles.reveal}
          aria-label={passwordToggleLabel(revealed)}
          aria-pressed={revealed}
          aria-controls={inputId}
          disabled={disabled}
          icon={revealed ? <EyeInvisibleOutlined /> : <EyeOutlined />}
          onClick={() => setRevealed((r) => !r)}
        />
      ) : null}
    </>
  );

  return (
    <Field
      htmlFor={inputId}
      label={label}
      optional={optional}
      help={help}
      error={error}
      helpId={helpId}
      className={className}
    >
      <Input
        id={inputId}
        name={name}
        type={effectiveInputType(type, revealed)}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        placeholder={placeholder}
        size={ANTD_SIZE[size]}
        variant={ANTD_VARIANT[variant]}
        status={error ? "error" : state === "warning" ? "warning" : undefined}
        disabled={disabled}
        readOnly={readOnly}
        autoComplete={autoComplete}
        prefix={prefix}
        suffix={error || type === "password" ? suffix : <span />}
        aria-invalid={error || undefined}
        aria-describedby={help ? helpId : undefined}
        className={rounded === "full" ? styles.roundedFull : undefined}
        data-state={error ? "error" : (state ?? "default")}
      />
    </Field>
  );
}
