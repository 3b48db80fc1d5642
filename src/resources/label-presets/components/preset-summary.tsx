import { type LabelPresetInput, PRESET_STEP_LABELS, type PresetStep } from "@core/domain/label-preset";
import type { TemperatureUnit } from "@core/domain/units";
import { Badge, Button, Descriptions, Flex, Grid } from "antd";
import type { ReactNode } from "react";
import { MeasurementIcon, type MeasurementIconName } from "@/components/icons";
import { usePreferencesStore } from "@/providers/stores/preferences";
import {
  bandText,
  duration,
  humidityRange,
  humidityText,
  shockThreshold,
  temperatureRange,
  temperatureText,
} from "../preset-format";
import { ALARM_TYPE_LABELS } from "./preset-fields";

interface Group {
  step: Exclude<PresetStep, "review">;
  title: string;
  icon?: MeasurementIconName;
  items: { label: string; value: ReactNode }[];
}

const onOff = (on: boolean) => <Badge status={on ? "success" : "default"} text={on ? "Measured" : "Not measured"} />;

/** A unit's bands, one a line; none: the range is one alarm band per side. */
function bandsValue(bands: LabelPresetInput["temperatureBands"], limitText: (value: number) => string): ReactNode {
  if (!bands || bands.length === 0) return "Default: the range, as an alarm";
  return (
    <Flex vertical>
      {bands.map((band) => (
        <span key={`${band.side}${band.limit}${band.severity}`}>{bandText(band, limitText)}</span>
      ))}
    </Flex>
  );
}

/** A preset's settings by section (temperatures given in °C, shown in `unit`). */
function groupsOf(p: LabelPresetInput, unit: TemperatureUnit, withName: boolean, locale: string): Group[] {
  const identity = withName
    ? [
        { label: "Name", value: p.name || "—" },
        { label: "Description", value: p.description || "—" },
      ]
    : [];
  return [
    {
      step: "general",
      title: withName ? "General" : "Recording and alarm",
      items: [
        ...identity,
        { label: "Measurement interval", value: duration(p.intervalMinutes) },
        { label: "Start delay", value: duration(p.startDelayMinutes) },
        { label: "Alarm delay", value: duration(p.alarmDelayMinutes, "none (at once)") },
        { label: "Alarm type", value: ALARM_TYPE_LABELS[p.alarmType] },
      ],
    },
    {
      step: "temperature",
      title: "Temperature",
      icon: "temperature",
      items: [
        { label: "Temperature", value: onOff(p.temperatureEnabled) },
        ...(p.temperatureEnabled
          ? [
              { label: "Allowed range", value: temperatureRange(p.temperatureMin, p.temperatureMax, unit, locale) },
              { label: "Limit bands", value: bandsValue(p.temperatureBands, temperatureText(unit, locale)) },
            ]
          : []),
      ],
    },
    {
      step: "humidity",
      title: "Humidity",
      icon: "humidity",
      items: [
        { label: "Humidity", value: onOff(p.humidityEnabled) },
        ...(p.humidityEnabled
          ? [
              { label: "Allowed range", value: humidityRange(p.humidityMin, p.humidityMax, locale) },
              { label: "Limit bands", value: bandsValue(p.humidityBands, humidityText(locale)) },
            ]
          : []),
      ],
    },
    {
      step: "shockAndBattery",
      title: PRESET_STEP_LABELS.shockAndBattery,
      icon: "shock",
      items: [
        { label: "Shock", value: onOff(p.shockEnabled) },
        ...(p.shockEnabled ? [{ label: "Shock threshold", value: shockThreshold(p.shockThresholdG, locale) }] : []),
        { label: "Battery warning level", value: `≤ ${p.batteryWarningLevel} %` },
      ],
    },
  ];
}

/** The review step and the read-only detail: every setting, grouped as the wizard's steps. */
export function PresetSummary({
  preset,
  unit,
  onEditStep,
  withName = true,
}: {
  preset: LabelPresetInput;
  unit: TemperatureUnit;
  /** The name and description rows (the detail page has them in its header). */
  withName?: boolean;
  /** Offers an "Edit" link per section (the review step goes back to that step). */
  onEditStep?(step: PresetStep): void;
}) {
  const locale = usePreferencesStore((s) => s.locale);
  // Below antd's sm (576 px) a 220 px label column would leave the values a few letters a line: label over value.
  const narrow = Grid.useBreakpoint().sm === false;
  return (
    <Flex vertical gap="large">
      {groupsOf(preset, unit, withName, locale).map((group) => (
        <Descriptions
          key={group.step}
          bordered
          size="small"
          column={1}
          layout={narrow ? "vertical" : "horizontal"}
          styles={narrow ? {} : { label: { width: 220 } }}
          title={
            <Flex align="center" gap="small">
              {group.icon ? <MeasurementIcon name={group.icon} /> : null}
              {group.title}
            </Flex>
          }
          extra={
            onEditStep ? (
              <Button type="link" onClick={() => onEditStep(group.step)} aria-label={`Edit ${group.title}`}>
                Edit
              </Button>
            ) : null
          }
          items={group.items.map((item) => ({ key: item.label, label: item.label, children: item.value }))}
        />
      ))}
    </Flex>
  );
}
