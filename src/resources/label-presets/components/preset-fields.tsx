import { type LabelPresetInput, PRESET_LIMITS, type PresetField, type PresetStep } from "@core/domain/label-preset";
import { TEMPERATURE_SYMBOLS, type TemperatureUnit } from "@core/domain/units";
import { Input, Typography } from "antd";
import { type ReactNode, useId } from "react";
import { Field } from "@/components/controls/field/field";
import { NumberInput } from "@/components/controls/number-input/number-input";
import { RadioGroup } from "@/components/controls/radio-group/radio-group";
import { Switch } from "@/components/controls/switch/switch";
import { TextInput } from "@/components/controls/text-input/text-input";
import { MeasurementIcon, type MeasurementIconName } from "@/components/icons";
import { type FieldMessages, type PresetFormValues, temperatureBounds } from "../preset-form";
import { BandsEditor } from "./bands-editor";
import styles from "./preset-fields.module.css";

export interface PresetFieldsProps {
  values: PresetFormValues;
  onChange(changes: Partial<PresetFormValues>): void;
  errors: FieldMessages;
  unit: TemperatureUnit;
}

export const ALARM_TYPE_LABELS: Record<LabelPresetInput["alarmType"], string> = {
  single: "Single event: one excursion lasts at least the alarm delay",
  cumulative: "Cumulative: all time out of range adds up to the alarm delay",
};

/** A number field with its error also written under it (the control shows it in a tooltip). */
function NumberField({
  field,
  label,
  unit,
  min,
  max,
  decimals,
  hint,
  props,
}: {
  field: PresetField;
  label: string;
  unit?: string;
  min: number;
  max: number;
  decimals: number;
  hint?: ReactNode;
  props: PresetFieldsProps;
}) {
  const id = `preset-${field}`;
  const error = props.errors[field];
  return (
    <div>
      <NumberInput
        id={id}
        name={field}
        label={label}
        value={props.values[field] as number | null}
        onChange={(value) => props.onChange({ [field]: value })}
        min={min}
        max={max}
        decimals={decimals}
        unit={unit}
        issues={error ? [{ message: error }] : null}
        hint={error ? undefined : hint}
      />
      <FieldErrorText id={`${id}-error`} message={error} />
    </div>
  );
}

function FieldErrorText({ id, message }: { id?: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <Typography.Text id={id} type="danger" className={styles.fieldError} data-field-error>
      {message}
    </Typography.Text>
  );
}

/** A unit's header: its icon, what it is, and the switch that turns it on. */
function UnitSwitch({
  icon,
  title,
  description,
  field,
  props,
}: {
  icon: MeasurementIconName;
  title: string;
  description: string;
  field: "temperatureEnabled" | "humidityEnabled" | "shockEnabled";
  props: PresetFieldsProps;
}) {
  const on = props.values[field];
  return (
    <div>
      <div className={styles.unitHeader}>
        <span className={styles.unitIcon} data-off={on ? undefined : ""}>
          <MeasurementIcon name={icon} />
        </span>
        <span className={styles.unitText}>
          <Typography.Text strong>{title}</Typography.Text>
          <Typography.Text type="secondary">{description}</Typography.Text>
        </span>
        <Switch checked={on} onChange={(checked) => props.onChange({ [field]: checked })} aria-label={title} />
      </div>
      <FieldErrorText message={props.errors[field]} />
    </div>
  );
}

function GeneralFields(props: PresetFieldsProps) {
  const descriptionId = useId();
  const { values, onChange, errors } = props;
  const minutes = PRESET_LIMITS.alarmDelayMinutes;
  return (
    <div className={styles.section}>
      <TextInput
        id="preset-name"
        name="name"
        label="Name"
        value={values.name}
        onChange={(name) => onChange({ name })}
        issue={errors.name ? { message: errors.name } : null}
        hint="Unique in your company, for example “Vaccines 2–8 °C”."
      />
      <Field
        htmlFor={descriptionId}
        label="Description"
        optional
        help={errors.description}
        error={Boolean(errors.description)}
      >
        <Input.TextArea
          id={descriptionId}
          name="description"
          value={values.description}
          onChange={(event) => onChange({ description: event.target.value })}
          autoSize={{ minRows: 2, maxRows: 6 }}
          maxLength={PRESET_LIMITS.description.max}
          showCount
          status={errors.description ? "error" : undefined}
        />
      </Field>
      <h3 className={styles.groupTitle}>Recording</h3>
      <div className={styles.pair}>
        <NumberField
          field="intervalMinutes"
          label="Measurement interval"
          unit="min"
          decimals={0}
          {...PRESET_LIMITS.intervalMinutes}
          hint="A reading every 1 to 120 minutes."
          props={props}
        />
        <NumberField
          field="startDelayMinutes"
          label="Start delay"
          unit="min"
          decimals={0}
          {...PRESET_LIMITS.startDelayMinutes}
          hint="Time between starting the label and its first reading."
          props={props}
        />
      </div>
      <h3 className={styles.groupTitle}>Alarm</h3>
      <NumberField
        field="alarmDelayMinutes"
        label="Alarm delay"
        unit="min"
        decimals={0}
        min={minutes.min}
        max={minutes.max}
        hint="How long readings may be out of range before it counts as a violation (0: at once)."
        props={props}
      />
      <Field label="Alarm type">
        <RadioGroup<LabelPresetInput["alarmType"]>
          name="alarmType"
          aria-label="Alarm type"
          value={values.alarmType}
          onChange={(alarmType) => onChange({ alarmType })}
          options={[
            { value: "single", label: ALARM_TYPE_LABELS.single },
            { value: "cumulative", label: ALARM_TYPE_LABELS.cumulative },
          ]}
        />
      </Field>
      <FieldErrorText message={errors.alarmType} />
    </div>
  );
}

/** Where a new band starts: at the unit's maximum, else its minimum. */
function suggestion(min: number | null, max: number | null): { side: "above" | "below"; limit: number } {
  if (max !== null) return { side: "above", limit: max };
  return { side: "below", limit: min ?? 0 };
}

function TemperatureFields(props: PresetFieldsProps) {
  const symbol = TEMPERATURE_SYMBOLS[props.unit];
  const bounds = temperatureBounds(props.unit);
  const range = `A label measures ${bounds.min} to ${bounds.max} ${symbol}.`;
  return (
    <div className={styles.section}>
      <UnitSwitch
        icon="temperature"
        title="Temperature"
        description="Readings outside the range count as an excursion."
        field="temperatureEnabled"
        props={props}
      />
      {props.values.temperatureEnabled ? (
        <div className={styles.pair}>
          <NumberField
            field="temperatureMin"
            label="Minimum temperature"
            unit={symbol}
            decimals={1}
            {...bounds}
            hint={range}
            props={props}
          />
          <NumberField
            field="temperatureMax"
            label="Maximum temperature"
            unit={symbol}
            decimals={1}
            {...bounds}
            hint={range}
            props={props}
          />
        </div>
      ) : null}
      {props.values.temperatureEnabled ? (
        <BandsEditor
          setting="temperatureBands"
          bands={props.values.temperatureBands}
          onChange={(temperatureBands) => props.onChange({ temperatureBands })}
          errors={props.errors}
          unit={symbol}
          {...bounds}
          suggestion={suggestion(props.values.temperatureMin, props.values.temperatureMax)}
        />
      ) : null}
    </div>
  );
}

function HumidityFields(props: PresetFieldsProps) {
  const hint = "Relative humidity, 0 to 100 %RH.";
  return (
    <div className={styles.section}>
      <UnitSwitch
        icon="humidity"
        title="Humidity"
        description="Readings outside the range count as an excursion."
        field="humidityEnabled"
        props={props}
      />
      {props.values.humidityEnabled ? (
        <div className={styles.pair}>
          <NumberField
            field="humidityMin"
            label="Minimum humidity"
            unit="%RH"
            decimals={1}
            {...PRESET_LIMITS.humidity}
            hint={hint}
            props={props}
          />
          <NumberField
            field="humidityMax"
            label="Maximum humidity"
            unit="%RH"
            decimals={1}
            {...PRESET_LIMITS.humidity}
            hint={hint}
            props={props}
          />
        </div>
      ) : null}
      {props.values.humidityEnabled ? (
        <BandsEditor
          setting="humidityBands"
          bands={props.values.humidityBands}
          onChange={(humidityBands) => props.onChange({ humidityBands })}
          errors={props.errors}
          unit="%RH"
          {...PRESET_LIMITS.humidity}
          suggestion={suggestion(props.values.humidityMin, props.values.humidityMax)}
        />
      ) : null}
    </div>
  );
}

function ShockAndBatteryFields(props: PresetFieldsProps) {
  return (
    <div className={styles.section}>
      <UnitSwitch
        icon="shock"
        title="Shock"
        description="A shock at or above the threshold is a violation."
        field="shockEnabled"
        props={props}
      />
      {props.values.shockEnabled ? (
        <NumberField
          field="shockThresholdG"
          label="Shock threshold"
          unit="g"
          decimals={1}
          {...PRESET_LIMITS.shockThresholdG}
          hint="0.5 to 100 g."
          props={props}
        />
      ) : null}
      <h3 className={styles.groupTitle}>Battery</h3>
      <NumberField
        field="batteryWarningLevel"
        label="Battery warning level"
        unit="%"
        decimals={0}
        {...PRESET_LIMITS.batteryWarningLevel}
        hint="The label reports a low battery at or below this charge (1 to 90 %)."
        props={props}
      />
    </div>
  );
}

/** The form of each step (the review step has none: it shows the summary). */
export const STEP_FIELDS: Record<Exclude<PresetStep, "review">, (props: PresetFieldsProps) => ReactNode> = {
  general: GeneralFields,
  temperature: TemperatureFields,
  humidity: HumidityFields,
  shockAndBattery: ShockAndBatteryFields,
};
