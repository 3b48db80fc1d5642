export { Autocomplete, type AutocompleteProps } from "./autocomplete";
export { MultiSelect, type MultiSelectProps } from "./multi-select";
export { Select, type SelectProps } from "./select";
export type { OptionValue, SelectOption } from "./select-options";
