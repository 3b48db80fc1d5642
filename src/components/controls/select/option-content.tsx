import { CountryIcon } from "@/components/icons/country-icons";
import { MeasurementIcon } from "@/components/icons/measurement-icons";
import { PaymentBrandIcon } from "@/components/icons/payment-icons";
import styles from "./select.module.css";
import { type OptionValue, optionText, type SelectOption } from "./select-options";

/** An option's icons (measurement, country flag, payment brand), if any. */
export function OptionIcons<V extends OptionValue>({ option }: { option: SelectOption<V> }) {
  if (!option.icon && !option.countryIcon && !option.brandIcon) return null;
  return (
    <span className={styles.icons}>
      {option.icon ? (
        <MeasurementIcon
          name={option.icon}
          filled={option.iconFilled}
          className={[styles.icon, option.iconClasses].filter(Boolean).join(" ")}
        />
      ) : null}
      {option.countryIcon ? (
        <CountryIcon name={option.countryIcon} title="" aria-hidden className={styles.icon} />
      ) : null}
      {option.brandIcon ? (
        <PaymentBrandIcon name={option.brandIcon} title="" aria-hidden className={styles.icon} />
      ) : null}
    </span>
  );
}

/** A row of the list: icons, the label and its sub-label. */
export function OptionContent<V extends OptionValue>({ option }: { option: SelectOption<V> }) {
  return (
    <>
      <OptionIcons option={option} />
      <span className={styles.texts}>
        <span className={styles.optionLabel}>{option.label}</span>
        {option.subLabel ? <span className={styles.subLabel}>{option.subLabel}</span> : null}
      </span>
    </>
  );
}

/** The chosen option as the input shows it: icons and the display value. */
export function SelectedContent<V extends OptionValue>({ option }: { option: SelectOption<V> }) {
  return (
    <>
      <OptionIcons option={option} />
      <span className={styles.valueText}>{optionText(option)}</span>
    </>
  );
}
