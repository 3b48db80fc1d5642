import { type OptionValue, optionText, type SelectOption } from "./select-options";

/**
 * The autocomplete's field text: what is being typed, or (when nothing is) the chosen
 * option's display value. Typed text is cleared when the field loses focus and when an
 * option is chosen.
 */
export function autocompleteText<V extends OptionValue>(
  query: string | null,
  options: readonly SelectOption<V>[],
  value: V | null,
): string {
  if (query !== null) return query;
  const chosen = options.find((option) => option.value === value);
  return chosen ? optionText(chosen) : "";
}

/** The typed text after an event: blur and choose clear it (null shows the chosen option again). */
export function queryAfter(event: "type" | "blur" | "choose", typed = ""): string | null {
  return event === "type" ? typed : null;
}
