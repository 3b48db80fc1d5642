import { Checkbox, Radio, type RadioGroupProps } from "antd";
import type { ComponentProps } from "react";

/**
 * antd's Form.Item marks the control of a required field `aria-required`. On a group of
 * checkboxes or radios that lands on a plain <div>, where ARIA does not allow it (axe:
 * aria-allowed-attr, critical). These groups, for use inside a Form.Item, leave it out;
 * the label's required mark and the rule's message still say the field is needed.
 */

type CheckboxGroupProps = ComponentProps<typeof Checkbox.Group>;
type AriaRequired = { "aria-required"?: boolean | "true" | "false" };

export function FormCheckboxGroup({ "aria-required": _required, ...props }: CheckboxGroupProps & AriaRequired) {
  return <Checkbox.Group {...props} />;
}

export function FormRadioGroup({ "aria-required": _required, ...props }: RadioGroupProps & AriaRequired) {
  return <Radio.Group {...props} />;
}
