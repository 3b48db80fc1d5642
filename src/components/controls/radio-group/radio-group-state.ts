/** The radio group's rules: its options, sizes and orientations, and which value is chosen. */

export interface RadioOption<V extends string | number = string> {
  value: V;
  label: string;
  disabled?: boolean;
}

export type RadioSize = "md" | "lg";
export type RadioOrientation = "vertical" | "horizontal";

/** Radio circle sizes in px. */
export const RADIO_SIZES: Record<RadioSize, number> = { md: 18, lg: 22 };

/**
 * The option that is selected: the bound value when it names an enabled option,
 * otherwise the first option that is not disabled (null when every option is).
 */
export function resolveRadioValue<V extends string | number>(
  options: readonly RadioOption<V>[],
  value: V | null | undefined,
): V | null {
  const bound = options.find((option) => option.value === value);
  if (bound && !bound.disabled) return bound.value;
  return options.find((option) => !option.disabled)?.value ?? null;
}
