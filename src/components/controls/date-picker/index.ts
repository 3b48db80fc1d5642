export { DatePicker, type DatePickerProps } from "./date-picker";
export type { DateRange } from "./date-picker-state";
