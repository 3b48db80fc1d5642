import {
  BAND_DELAY_TYPES,
  BAND_SEVERITIES,
  type BandSeverity,
  type LimitBand,
  MAX_BANDS_PER_SIDE,
  SEVERITY_TEXT,
  sortBands,
} from "@core/domain/limit-bands";
import { Button, Typography } from "antd";
import { NumberInput } from "@/components/controls/number-input/number-input";
import { Select } from "@/components/controls/select/select";
import type { FieldMessages } from "../preset-form";
import styles from "./preset-fields.module.css";

const SIDE_OPTIONS = [
  { value: "above" as const, label: "Above" },
  { value: "below" as const, label: "Below" },
];
const DELAY_TYPE_OPTIONS = BAND_DELAY_TYPES.map((value) => ({
  value,
  label: value === "single" ? "Single event" : "Cumulative",
}));
const SEVERITY_OPTIONS = BAND_SEVERITIES.map((value) => ({ value, label: SEVERITY_TEXT[value] }));

export interface BandsEditorProps {
  setting: "temperatureBands" | "humidityBands";
  /** null: the default, one alarm band per side from the min and max. */
  bands: LimitBand[] | null;
  onChange(bands: LimitBand[] | null): void;
  errors: FieldMessages;
  /** The limit's unit text (°C, °F, %RH) and bounds, in what the user reads. */
  unit: string;
  min: number;
  max: number;
  /** A new band starts here: the unit's maximum, else its minimum. */
  suggestion: { side: LimitBand["side"]; limit: number };
}

/**
 * A unit's limit bands: up to three per side, each with its limit, delay, delay type and
 * severity. Kept in the order the server checks (sortBands) after every change but a
 * limit being typed, so a row does not jump away while someone writes in it.
 */
export function BandsEditor(props: BandsEditorProps) {
  const bands = props.bands ?? [];
  const set = (next: LimitBand[], sort = true) =>
    props.onChange(next.length === 0 ? null : sort ? sortBands(next) : next);
  const update = (i: number, change: Partial<LimitBand>, sort = true) =>
    set(
      bands.map((band, j) => (j === i ? { ...band, ...change } : band)),
      sort,
    );
  const count = (side: LimitBand["side"]) => bands.filter((b) => b.side === side).length;
  const add = () => {
    const side =
      count(props.suggestion.side) < MAX_BANDS_PER_SIDE ? props.suggestion.side : other(props.suggestion.side);
    const band: LimitBand = {
      side,
      limit: props.suggestion.limit,
      delayMinutes: 0,
      delayType: "single",
      severity: "warning",
    };
    // Appended unsorted: the row stays last while its limit is typed.
    set([...bands, band], false);
  };
  const error = (i: number, field: keyof LimitBand) =>
    props.errors[`${props.setting}.${i}.${field}` as keyof FieldMessages];
  const full = count("above") >= MAX_BANDS_PER_SIDE && count("below") >= MAX_BANDS_PER_SIDE;
  return (
    <div className={styles.bands} data-testid={`${props.setting}-editor`}>
      <Typography.Text strong>Limit bands</Typography.Text>
      <Typography.Text type="secondary">
        {bands.length === 0
          ? "None: the minimum and maximum are one alarm band each, with the alarm delay."
          : "Each band is reached on its own delay; the report takes the worst severity reached."}
      </Typography.Text>
      {bands.map((band, i) => (
        // Bands have no identity of their own: their place in the sorted list is it.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <div key={i} className={styles.bandRow} data-testid="band-row">
          <Select
            aria-label={`Band ${i + 1} side`}
            options={SIDE_OPTIONS}
            value={band.side}
            onChange={(side) => side && update(i, { side })}
            issue={error(i, "side") ? { message: error(i, "side") as string } : null}
          />
          <NumberInput
            aria-label={`Band ${i + 1} limit`}
            value={band.limit}
            onChange={(limit) => update(i, { limit: limit ?? Number.NaN }, false)}
            min={props.min}
            max={props.max}
            decimals={1}
            unit={props.unit}
            issues={error(i, "limit") ? [{ message: error(i, "limit") as string }] : null}
          />
          <NumberInput
            aria-label={`Band ${i + 1} delay`}
            value={band.delayMinutes}
            onChange={(delayMinutes) => update(i, { delayMinutes: delayMinutes ?? 0 })}
            min={0}
            max={7 * 24 * 60}
            decimals={0}
            unit="min"
            issues={error(i, "delayMinutes") ? [{ message: error(i, "delayMinutes") as string }] : null}
          />
          <Select
            aria-label={`Band ${i + 1} delay type`}
            options={DELAY_TYPE_OPTIONS}
            value={band.delayType}
            onChange={(delayType) => delayType && update(i, { delayType })}
          />
          <Select<BandSeverity>
            aria-label={`Band ${i + 1} severity`}
            options={SEVERITY_OPTIONS}
            value={band.severity}
            onChange={(severity) => severity && update(i, { severity })}
          />
          <Button onClick={() => set(bands.filter((_, j) => j !== i))} aria-label={`Remove band ${i + 1}`}>
            Remove
          </Button>
          {(["limit", "side", "delayMinutes"] as const).map((field) =>
            error(i, field) ? (
              <Typography.Text key={field} type="danger" className={styles.bandError} data-field-error>
                {error(i, field)}
              </Typography.Text>
            ) : null,
          )}
        </div>
      ))}
      <div className={styles.bandActions}>
        <Button onClick={add} disabled={full}>
          Add band
        </Button>
        {bands.length > 1 ? <Button onClick={() => set(bands)}>Order by limit</Button> : null}
      </div>
    </div>
  );
}

const other = (side: LimitBand["side"]): LimitBand["side"] => (side === "above" ? "below" : "above");
