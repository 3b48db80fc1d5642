export { DatePicker, type DatePickerProps } from "./date-picker";
export type { DateBound, DatePickerMode, DateRange } from "./date-picker-state";
