import { Radio } from "antd";
import { type CSSProperties, useEffect } from "react";
import styles from "./radio-group.module.css";
import {
  RADIO_SIZES,
  type RadioOption,
  type RadioOrientation,
  type RadioSize,
  resolveRadioValue,
} from "./radio-group-state";

export interface RadioGroupProps<V extends string | number> {
  options: readonly RadioOption<V>[];
  value: V | null;
  onChange(value: NoInfer<V>): void;
  name?: string;
  orientation?: RadioOrientation;
  size?: RadioSize;
  disabled?: boolean;
  "aria-label"?: string;
  className?: string;
}

/**
 * Exactly one option selected, matching the bound value: without a value, or with a
 * disabled one, the group selects (and reports) its first enabled option.
 */
export function RadioGroup<V extends string | number>({
  options,
  value,
  onChange,
  name,
  orientation = "vertical",
  size = "md",
  disabled,
  "aria-label": ariaLabel,
  className,
}: RadioGroupProps<V>) {
  const selected = resolveRadioValue(options, value);

  useEffect(() => {
    if (selected !== null && selected !== value) onChange(selected);
  }, [selected, value, onChange]);

  const style = { "--radio-size": `${RADIO_SIZES[size]}px` } as CSSProperties;
  // antd passes aria-* and data-* through to the group's element.
  const attributes: Record<string, string | undefined> = {
    role: "radiogroup",
    "aria-label": ariaLabel,
    "data-orientation": orientation,
    "data-size": size,
  };
  return (
    <Radio.Group
      name={name}
      value={selected}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value as V)}
      className={[styles.group, className].filter(Boolean).join(" ")}
      style={style}
      {...attributes}
    >
      {options.map((option) => (
        <Radio key={String(option.value)} value={option.value} disabled={option.disabled}>
          {option.label}
        </Radio>
      ))}
    </Radio.Group>
  );
}
