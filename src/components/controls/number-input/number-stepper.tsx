import { MinusOutlined, PlusOutlined } from "@ant-design/icons";
import { Button } from "antd";
import type { KeyboardEvent } from "react";
import { ANTD_SIZE } from "../field/field-state";
import { NumberInput, type NumberInputProps } from "./number-input";
import { canStep, type StepDirection, stepNumber } from "./number-input-state";

export interface NumberStepperProps extends Omit<NumberInputProps, "addonBefore" | "addonAfter" | "onKeyDown"> {
  /** The amount one step adds; 1 by default. */
  step?: number;
}

/** A number input between − and + buttons; the arrow keys step too. */
export function NumberStepper({ step = 1, ...props }: NumberStepperProps) {
  const { value, onChange, min, max, decimals, readOnly, disabled, size = "md" } = props;
  const options = { min, max, decimals, step, readOnly, disabled };
  const go = (direction: StepDirection) => {
    const next = stepNumber(value, direction, options);
    if (next !== value) onChange(next);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowUp" || event.key === "ArrowDown") {
      event.preventDefault();
      go(event.key === "ArrowUp" ? 1 : -1);
    }
  };
  const label = typeof props.label === "string" ? props.label : props["aria-label"];
  return (
    <NumberInput
      {...props}
      onKeyDown={onKeyDown}
      addonBefore={
        <Button
          size={ANTD_SIZE[size]}
          icon={<MinusOutlined />}
          aria-label={label ? `Decrease ${label}` : "Decrease"}
          disabled={!canStep(value, -1, options)}
          onClick={() => go(-1)}
        />
      }
      addonAfter={
        <Button
          size={ANTD_SIZE[size]}
          icon={<PlusOutlined />}
          aria-label={label ? `Increase ${label}` : "Increase"}
          disabled={!canStep(value, 1, options)}
          onClick={() => go(1)}
        />
      }
    />
  );
}
