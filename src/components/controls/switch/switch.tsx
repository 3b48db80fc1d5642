import { Switch as AntdSwitch } from "antd";
import { useId } from "react";
import styles from "./switch.module.css";
import { ANTD_SWITCH_SIZE, type SwitchSize } from "./switch-state";

export interface SwitchProps {
  checked: boolean;
  onChange(checked: boolean): void;
  label?: string;
  size?: SwitchSize;
  disabled?: boolean;
  "aria-label"?: string;
  className?: string;
}

/** The simple on/off switch in three sizes, with an optional label after it. */
export function Switch({ checked, onChange, label, size = "md", disabled, className, ...rest }: SwitchProps) {
  const id = useId();
  return (
    <span className={[styles.row, className].filter(Boolean).join(" ")}>
      <AntdSwitch
        id={id}
        checked={checked}
        onChange={onChange}
        size={ANTD_SWITCH_SIZE[size]}
        disabled={disabled}
        className={size === "lg" ? styles.large : undefined}
        aria-label={label ? undefined : rest["aria-label"]}
      />
      {label ? (
        <label htmlFor={id} className={styles.label}>
          {label}
        </label>
      ) : null}
    </span>
  );
}

export interface TwoPositionSwitchProps {
  /** false selects the left option, true the right one. */
  checked: boolean;
  onChange(checked: boolean): void;
  options: [string, string];
  disabled?: boolean;
  "aria-label": string;
}

/** A switch between two named positions, such as °C and °F; either name can be clicked. */
export function TwoPositionSwitch({ checked, onChange, options, disabled, ...rest }: TwoPositionSwitchProps) {
  return (
    <span className={styles.row} data-position={checked ? "right" : "left"}>
      <button
        type="button"
        className={styles.option}
        data-active={!checked || undefined}
        disabled={disabled}
        onClick={() => onChange(false)}
      >
        {options[0]}
      </button>
      <AntdSwitch
        checked={checked}
        onChange={onChange}
        disabled={disabled}
        aria-label={`${rest["aria-label"]}: ${checked ? options[1] : options[0]}`}
        className={styles.twoPosition}
      />
      <button
        type="button"
        className={styles.option}
        data-active={checked || undefined}
        disabled={disabled}
        onClick={() => onChange(true)}
      >
        {options[1]}
      </button>
    </span>
  );
}
