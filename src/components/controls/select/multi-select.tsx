import { ListSelect, type ListSelectProps } from "./list-select";
import { type OptionValue, toggleValue } from "./select-options";

export interface MultiSelectProps<V extends OptionValue> extends ListSelectProps<V> {
  value: readonly V[];
  onChange(value: NoInfer<V>[]): void;
}

/** Several options from a list; choosing toggles an option and the list stays open. */
export function MultiSelect<V extends OptionValue>({ value, onChange, ...props }: MultiSelectProps<V>) {
  return (
    <ListSelect {...props} multiple selected={value} onChoose={(chosen) => onChange(toggleValue(value, chosen))} />
  );
}
