import { formatInstant } from "@core/domain/datetime";
import { LOCALE_OPTIONS } from "@core/domain/locales";
import { formatDecimal } from "@core/domain/number-text";
import { formatTemperature, TEMPERATURE_SYMBOLS } from "@core/domain/units";
import { Card, Form, Radio, Select, Typography } from "antd";
import { useMemo } from "react";
import {
  findTimeZone,
  groupedTimeZoneOptions,
  timeZoneCityLabel,
} from "@/components/controls/time-zone-select/time-zone-options";
import { useCompanyTemperatureUnit, useDisplayPreferences } from "@/hooks/use-display-preferences";
import { deviceTimeZone, type TimeZoneChoice, usePreferencesStore } from "@/providers/stores/preferences";
import { useEmailTimeZoneSync } from "./email-time-zone";

type UnitChoice = "company" | "celsius" | "fahrenheit";

const SYSTEM = "system";

function zoneLabel(name: string): string {
  const entry = findTimeZone(name);
  return entry ? timeZoneCityLabel(entry) : name;
}

/**
 * Settings > profile > preferences: how dates, numbers and temperatures read on every
 * screen and in the download dialog's defaults. Kept in this browser (spec: interface
 * preferences in local storage); every screen follows a change at once. The time zone is
 * also copied to the account, for the times in alert e-mails.
 */
export function ProfilePreferences() {
  const timeZone = usePreferencesStore((s) => s.timeZone);
  const fahrenheit = usePreferencesStore((s) => s.fahrenheit);
  const locale = usePreferencesStore((s) => s.locale);
  const { setTimeZone, setFahrenheit, setLocale } = usePreferencesStore.getState();
  const companyUnit = useCompanyTemperatureUnit();
  const shown = useDisplayPreferences();
  const syncEmailTimeZone = useEmailTimeZoneSync();

  const zoneOptions = useMemo(
    () => [
      {
        label: "This device",
        options: [
          { value: SYSTEM, label: `Device time zone (${zoneLabel(deviceTimeZone())})`, search: "device system" },
        ],
      },
      ...groupedTimeZoneOptions(),
    ],
    [],
  );

  const unitChoice: UnitChoice = fahrenheit === null ? "company" : fahrenheit ? "fahrenheit" : "celsius";
  const chooseUnit = (choice: UnitChoice) => setFahrenheit(choice === "company" ? null : choice === "fahrenheit");
  const chooseZone = (value: string) => {
    const choice = (value === "UTC" ? "utc" : value) as TimeZoneChoice;
    setTimeZone(choice);
    syncEmailTimeZone(choice);
  };

  const now = Date.now();
  const example = [
    formatInstant(now, { timeZone: shown.timeZone, locale: shown.locale }),
    formatDecimal(1234.5, { locale: shown.locale, decimals: 1 }),
    formatTemperature(5, shown.temperatureUnit, 1, shown.locale),
  ].join(" · ");

  return (
    <Card>
      <Form layout="vertical" style={{ maxWidth: 520 }}>
        <Form.Item label="Time zone" htmlFor="preference-time-zone" extra="Every date and time is shown in this zone.">
          <Select
            id="preference-time-zone"
            showSearch
            options={zoneOptions}
            value={timeZone === "utc" ? "UTC" : timeZone}
            onChange={chooseZone}
            filterOption={(input, option) =>
              Boolean(option && "search" in option && String(option.search).includes(input.trim().toLowerCase()))
            }
            optionFilterProp="label"
            popupMatchSelectWidth={false}
            listHeight={320}
          />
        </Form.Item>
        <Form.Item label="Temperature unit" extra="Temperatures are shown and typed in this unit.">
          <Radio.Group
            aria-label="Temperature unit"
            value={unitChoice}
            onChange={(e) => chooseUnit(e.target.value as UnitChoice)}
            options={[
              {
                value: "company",
                label: `Company default${companyUnit ? ` (${TEMPERATURE_SYMBOLS[companyUnit]})` : ""}`,
              },
              { value: "celsius", label: "Celsius (°C)" },
              { value: "fahrenheit", label: "Fahrenheit (°F)" },
            ]}
          />
        </Form.Item>
        <Form.Item
          label="Date and number format"
          htmlFor="preference-locale"
          extra="The order of day and month, the clock and the decimal separator."
        >
          <Select id="preference-locale" options={[...LOCALE_OPTIONS]} value={locale} onChange={setLocale} />
        </Form.Item>
        <Typography.Paragraph type="secondary" data-testid="preferences-example">
          Example: {example}
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary">
          Saved in this browser at once. A report's download starts from these choices too, and alert e-mails use the
          time zone.
        </Typography.Paragraph>
      </Form>
    </Card>
  );
}
