import { WarningFilled } from "@ant-design/icons";
import { Input, Tooltip } from "antd";
import { type KeyboardEvent, type ReactNode, useId } from "react";
import { Field } from "../field/field";
import {
  ANTD_SIZE,
  ANTD_VARIANT,
  type ControlSize,
  type ControlVariant,
  type FieldIssue,
  type FieldState,
  hasError,
  issueMessage,
} from "../field/field-state";
import styles from "./number-input.module.css";
import { NUMBER_PLACEHOLDER } from "./number-input-state";
import { useNumberText } from "./use-number-text";

export interface NumberInputProps {
  id?: string;
  name?: string;
  label?: ReactNode;
  value: number | null;
  onChange(value: number | null): void;
  min?: number;
  max?: number;
  decimals?: number;
  placeholder?: string;
  optional?: boolean;
  state?: FieldState;
  /** Server issues; the first one's message shows in the alert icon's tooltip. */
  issues?: readonly FieldIssue[] | null;
  hint?: ReactNode;
  size?: ControlSize;
  variant?: ControlVariant;
  disabled?: boolean;
  readOnly?: boolean;
  /** Unit text after the number, such as °C. */
  unit?: ReactNode;
  /** Buttons or text before and after the field (the stepper's − and +). */
  addonBefore?: ReactNode;
  addonAfter?: ReactNode;
  onKeyDown?(event: KeyboardEvent<HTMLInputElement>): void;
  "aria-label"?: string;
  className?: string;
}

/** A numeric-only field, clamped to min and max and rounded to its decimals on every change. */
export function NumberInput({
  id,
  name,
  label,
  value,
  onChange,
  min,
  max,
  decimals,
  placeholder = NUMBER_PLACEHOLDER,
  optional,
  state,
  issues,
  hint,
  size = "md",
  variant = "outline",
  disabled,
  readOnly,
  unit,
  addonBefore,
  addonAfter,
  onKeyDown,
  "aria-label": ariaLabel,
  className,
}: NumberInputProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const helpId = `${inputId}-help`;
  const { text, change, blur } = useNumberText(value, onChange, { min, max, decimals });
  const error = hasError(state, issues);
  const message = issueMessage(issues);

  return (
    <Field htmlFor={inputId} label={label} optional={optional} help={hint} helpId={helpId} className={className}>
      <div className={styles.row}>
        {addonBefore}
        <Input
          id={inputId}
          name={name}
          inputMode={decimals === 0 ? "numeric" : "decimal"}
          value={text}
          onChange={(event) => change(event.target.value)}
          onBlur={blur}
          onKeyDown={onKeyDown}
          placeholder={placeholder}
          size={ANTD_SIZE[size]}
          variant={ANTD_VARIANT[variant]}
          status={error ? "error" : undefined}
          disabled={disabled}
          readOnly={readOnly}
          aria-label={ariaLabel}
          aria-invalid={error || undefined}
          aria-describedby={hint ? helpId : undefined}
          className={styles.input}
          suffix={
            <>
              {unit ? <span className={styles.unit}>{unit}</span> : null}
              {error ? (
                <Tooltip title={message ?? "Invalid value"}>
                  <WarningFilled className={styles.alert} role="img" aria-label={message ?? "Invalid value"} />
                </Tooltip>
              ) : null}
            </>
          }
          data-state={error ? "error" : (state ?? "default")}
        />
        {addonAfter}
      </div>
    </Field>
  );
}
