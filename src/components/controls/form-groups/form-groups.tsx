import { Checkbox, Flex, Radio, type RadioGroupProps } from "antd";
import type { ReactNode } from "react";

/**
 * antd's Form.Item marks the control of a required field `aria-required`. On a group of
 * checkboxes or radios that lands on a plain <div>, where ARIA does not allow it (axe:
 * aria-allowed-attr, critical). These groups, for use inside a Form.Item, leave it out;
 * the label's required mark and the rule's message still say the field is needed.
 */
type AriaRequired = { "aria-required"?: boolean | "true" | "false" };

interface CheckboxOption<V extends string> {
  value: V;
  label: ReactNode;
  disabled?: boolean;
}

export interface FormCheckboxGroupProps<V extends string> extends AriaRequired {
  options: readonly CheckboxOption<V>[];
  /** Form.Item's value and change handler: the chosen options, in the options' order. */
  value?: readonly V[];
  onChange?: (value: V[]) => void;
  id?: string;
  /** One option per line; otherwise they wrap in a row. */
  vertical?: boolean;
  /** Lays the boxes out instead of the row or column (e.g. a grid); `vertical` is then ignored. */
  className?: string;
}

/**
 * Checkboxes choosing several of `options`. Not antd's Checkbox.Group: it passes on only the
 * values its boxes have registered in an effect, so a box clicked before a busy page has run
 * those effects (a panel just opened on a loaded machine) was dropped, the click undone.
 * Each box here reads and writes the value directly.
 */
export function FormCheckboxGroup<V extends string>({
  options,
  value = [],
  onChange,
  id,
  vertical = false,
  className,
}: FormCheckboxGroupProps<V>) {
  const toggle = (option: V, checked: boolean) =>
    onChange?.(options.map((o) => o.value).filter((v) => (v === option ? checked : value.includes(v))));
  const boxes = options.map((option) => (
    <Checkbox
      key={option.value}
      value={option.value}
      checked={value.includes(option.value)}
      disabled={option.disabled}
      onChange={(event) => toggle(option.value, event.target.checked)}
    >
      {option.label}
    </Checkbox>
  ));
  // A plain element for a caller's layout: antd's Flex sets `display: flex` in a rule as
  // specific as the caller's class, so which one won would depend on the style sheets' order.
  if (className) {
    return (
      // biome-ignore lint/a11y/useSemanticElements: the same element as the Flex branch; a fieldset brings a border, padding and min-width the caller's layout would have to undo.
      <div id={id} role="group" className={className}>
        {boxes}
      </div>
    );
  }
  return (
    <Flex id={id} role="group" vertical={vertical} wrap={!vertical} gap="small">
      {boxes}
    </Flex>
  );
}

export function FormRadioGroup({ "aria-required": _required, ...props }: RadioGroupProps & AriaRequired) {
  return <Radio.Group {...props} />;
}
