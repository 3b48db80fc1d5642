import { localiseNumberText } from "@core/domain/number-text";
import { useEffect, useRef, useState } from "react";
import { usePreferencesStore } from "@/providers/stores/preferences";
import { formatNumber, type NumberBounds, sanitiseNumberText, valueFromText } from "./number-input-state";

/**
 * The text of a number field kept in step with its value: typing emits clamped and
 * rounded numbers (or null when emptied), while a half-typed '-' or '1.' stays as typed.
 * The text is kept canonical ("-2.5") and shown with the user's decimal separator
 * ("-2,5" in de-DE), which is also accepted when typed, as is ".".
 */
export function useNumberText(value: number | null, onChange: (value: number | null) => void, bounds: NumberBounds) {
  const locale = usePreferencesStore((s) => s.locale);
  const [text, setText] = useState(formatNumber(value));
  const lastEmitted = useRef<number | null | undefined>(value);

  useEffect(() => {
    // A value set from outside (a step, a reset) replaces the text.
    if (value !== lastEmitted.current) {
      lastEmitted.current = value;
      setText(formatNumber(value));
    }
  }, [value]);

  function change(raw: string) {
    // A "-" or "." is never dropped, even where the value cannot be negative or fractional:
    // dropping it turned 2.5 into 25 and -5 into 5. The value is clamped and rounded instead.
    const typed = sanitiseNumberText(raw, { locale });
    const next = valueFromText(typed, bounds);
    if (next === undefined) {
      setText(typed);
      return;
    }
    // Show the clamped or rounded number when it differs from what was typed ("1." stays).
    const shown = next !== null && Number(typed) !== next ? formatNumber(next) : typed;
    setText(shown);
    lastEmitted.current = next;
    if (next !== value) onChange(next);
  }

  function blur() {
    setText(formatNumber(value));
  }

  return { text: localiseNumberText(text, locale), change, blur };
}
