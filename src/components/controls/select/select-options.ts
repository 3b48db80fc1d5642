import type { CountryIconName } from "@/components/icons/country-icons";
import type { MeasurementIconName } from "@/components/icons/measurement-icons";
import type { PaymentBrandName } from "@/components/icons/payment-icons";

/** The select, multi-select and autocomplete rules: options with their icons, search, and the chosen values. */

export type OptionValue = string | number;

export interface SelectOption<V extends OptionValue = string> {
  value: V;
  label: string;
  subLabel?: string;
  /** Used for search and as the text shown in the input; the label otherwise. */
  displayValue?: string;
  icon?: MeasurementIconName;
  iconFilled?: boolean;
  iconClasses?: string;
  countryIcon?: CountryIconName;
  brandIcon?: PaymentBrandName;
  disabled?: boolean;
}

export const SELECT_PLACEHOLDER = "Select option";
export const NO_OPTIONS_TEXT = "No options found";
/** The dropdown list's maximum height; it scrolls beyond. */
export const LIST_MAX_HEIGHT = "15rem";
export const LIST_MAX_HEIGHT_PX = 240;
/** Virtual list: estimated row height (px) and rows rendered beyond the visible ones. */
export const ESTIMATED_ROW_HEIGHT = 40;
export const OVERSCAN = 12;
/** Typed letters on a closed or open select search together until this long a pause. */
export const TYPE_AHEAD_RESET_MS = 350;

/** The text an option shows in the input and is searched by. */
export function optionText<V extends OptionValue>(option: SelectOption<V>): string {
  return option.displayValue ?? option.label;
}

/** Case-insensitive substring match over displayValue, label and subLabel. */
function matchesQuery<V extends OptionValue>(option: SelectOption<V>, query: string): boolean {
  const needle = query.trim().toLocaleLowerCase("en-US");
  if (needle === "") return true;
  return [option.displayValue, option.label, option.subLabel].some((text) =>
    text?.toLocaleLowerCase("en-US").includes(needle),
  );
}

export function filterOptions<V extends OptionValue>(
  options: readonly SelectOption<V>[],
  query: string,
): SelectOption<V>[] {
  return options.filter((option) => matchesQuery(option, query));
}

/** The multi-select's value after an option is chosen: added, or removed when already chosen. */
export function toggleValue<V extends OptionValue>(values: readonly V[], value: V): V[] {
  return values.includes(value) ? values.filter((v) => v !== value) : [...values, value];
}

/** What choosing does to the open list: a single select closes, a multi-select stays open. */
export function closesOnChoose(multiple: boolean): boolean {
  return !multiple;
}

/** The next enabled option's index from `from` in a direction, wrapping; -1 when none is enabled. */
export function nextEnabledIndex<V extends OptionValue>(
  options: readonly SelectOption<V>[],
  from: number,
  direction: 1 | -1,
): number {
  const count = options.length;
  for (let step = 1; step <= count; step += 1) {
    const index = (((from + direction * step) % count) + count) % count;
    if (!options[index]?.disabled) return index;
  }
  return -1;
}
