import { ListSelect, type ListSelectProps } from "./list-select";
import type { OptionValue } from "./select-options";

export interface SelectProps<V extends OptionValue> extends ListSelectProps<V> {
  value: V | null;
  onChange(value: NoInfer<V>): void;
}

/** One option from a list; the list closes when an option is chosen. */
export function Select<V extends OptionValue>({ value, onChange, ...props }: SelectProps<V>) {
  return <ListSelect {...props} multiple={false} selected={value === null ? [] : [value]} onChoose={onChange} />;
}
