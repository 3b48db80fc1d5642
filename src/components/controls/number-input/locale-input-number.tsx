import { decimalSeparator } from "@core/domain/number-text";
import { InputNumber, type InputNumberProps } from "antd";
import { usePreferencesStore } from "@/providers/stores/preferences";

/**
 * antd's number field, written and typed with the user's decimal separator ("2,5" in
 * de-DE); negatives and decimals type as they do in antd. For forms that bind antd's
 * field (custom fields); the design system's NumberInput does the same for the rest.
 */
export function LocaleInputNumber(props: InputNumberProps<number>) {
  const locale = usePreferencesStore((s) => s.locale);
  return <InputNumber<number> decimalSeparator={decimalSeparator(locale)} {...props} />;
}
