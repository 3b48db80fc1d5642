import { Tag, Typography } from "antd";
import type { ReactNode } from "react";
import styles from "./field.module.css";
import { OPTIONAL_BADGE } from "./field-state";

export interface FieldProps {
  /** The control's id, so the label points at it. */
  htmlFor?: string;
  /** The label's id, for controls that are not form elements (aria-labelledby). */
  labelId?: string;
  label?: ReactNode;
  optional?: boolean;
  /** Text under the control: the issue message in error state, else a hint. */
  help?: ReactNode;
  error?: boolean;
  helpId?: string;
  children: ReactNode;
  className?: string;
}

/** Label (with the 'optional' badge), control, and the text under it. */
export function Field({ htmlFor, labelId, label, optional, help, error, helpId, children, className }: FieldProps) {
  return (
    <div className={[styles.field, className].filter(Boolean).join(" ")}>
      {label !== undefined || optional ? (
        <div className={styles.labelRow}>
          {label !== undefined ? (
            <label id={labelId} htmlFor={htmlFor} className={styles.label}>
              {label}
            </label>
          ) : null}
          {optional ? (
            <Tag bordered={false} className={styles.badge}>
              {OPTIONAL_BADGE}
            </Tag>
          ) : null}
        </div>
      ) : null}
      {children}
      {help ? (
        <Typography.Text id={helpId} type={error ? "danger" : "secondary"} className={styles.help}>
          {help}
        </Typography.Text>
      ) : null}
    </div>
  );
}
