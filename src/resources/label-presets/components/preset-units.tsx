import { Flex, Tooltip } from "antd";
import { MeasurementIcon } from "@/components/icons";
import { usePreferencesStore } from "@/providers/stores/preferences";
import type { LabelPreset } from "../../types";
import { humidityRange, shockThreshold, temperatureRange } from "../preset-format";
import { useTemperatureUnit } from "../use-temperature-unit";
import styles from "./preset-units.module.css";

/** The units a preset measures, each with its icon and range (temperatures in the user's unit). */
export function PresetUnits({ preset }: { preset: LabelPreset }) {
  const unit = useTemperatureUnit();
  const locale = usePreferencesStore((s) => s.locale);
  const items = [
    preset.temperatureEnabled && {
      key: "temperature",
      icon: "temperature" as const,
      title: "Temperature",
      text: temperatureRange(preset.temperatureMin, preset.temperatureMax, unit, locale),
    },
    preset.humidityEnabled && {
      key: "humidity",
      icon: "humidity" as const,
      title: "Humidity",
      text: humidityRange(preset.humidityMin, preset.humidityMax, locale),
    },
    preset.shockEnabled && {
      key: "shock",
      icon: "shock" as const,
      title: "Shock",
      text: shockThreshold(preset.shockThresholdG, locale),
    },
  ].filter((item) => item !== false);
  return (
    <Flex gap="small" wrap className={styles.units}>
      {items.map((item) => (
        <Tooltip key={item.key} title={item.title}>
          <span className={styles.chip} data-unit={item.key}>
            <MeasurementIcon name={item.icon} title={item.title} className={styles.icon} />
            <span>{item.text}</span>
          </span>
        </Tooltip>
      ))}
    </Flex>
  );
}
