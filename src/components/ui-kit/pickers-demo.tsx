import { useState } from "react";
import { DatePicker } from "@/components/controls/date-picker/date-picker";
import { type DateRange, formatPickerValue } from "@/components/controls/date-picker/date-picker-state";
import { RangeSlider } from "@/components/controls/range-slider/range-slider";
import { DemoSection, Example } from "./demo-section";
import styles from "./ui-kit-page.module.css";

/** 2025-03-03T00:00:00Z to 2025-03-10T00:00:00Z, in seconds. */
const WEEK_START = 1_740_960_000;
const WEEK_END = WEEK_START + 7 * 24 * 3600;

export function DatePickerDemo() {
  const [single, setSingle] = useState<Date | null>(null);
  const [week, setWeek] = useState<DateRange | null>(null);
  const [range, setRange] = useState<DateRange | null>(null);
  const [bounded, setBounded] = useState<Date | null>(null);
  return (
    <DemoSection title="Date picker">
      <div className={styles.grid2}>
        <Example caption="Single" value={formatPickerValue("single", single)}>
          <DatePicker label="Delivery date" value={single} onChange={setSingle} />
        </Example>
        <Example caption="Week" value={formatPickerValue("week", week)}>
          <DatePicker label="Report week" mode="week" value={week} onChange={setWeek} />
        </Example>
        <Example caption="Range" value={formatPickerValue("range", range)}>
          <DatePicker label="Shipment period" mode="range" forceRange value={range} onChange={setRange} />
        </Example>
        <Example caption="Up to today" value={formatPickerValue("single", bounded)}>
          <DatePicker label="Recorded on" value={bounded} onChange={setBounded} maximumDate="today" optional />
        </Example>
        <Example caption="Disabled">
          <DatePicker label="Archived on" value={new Date(2025, 2, 14)} onChange={() => undefined} disabled />
        </Example>
        <Example caption="Error">
          <DatePicker
            label="Start date"
            mode="range"
            value={null}
            onChange={() => undefined}
            issue={{ message: "Choose a period of at least two days" }}
          />
        </Example>
      </div>
    </DemoSection>
  );
}

export function RangeSliderDemo() {
  const [single, setSingle] = useState(40);
  const [range, setRange] = useState<[number, number]>([20, 80]);
  const [temperature, setTemperature] = useState<[number, number]>([2, 8]);
  const [time, setTime] = useState<[number, number]>([WEEK_START + 86_400, WEEK_END - 86_400]);
  return (
    <DemoSection title="Range slider">
      <Example caption="Single, primary" value={String(single)}>
        <RangeSlider
          value={single}
          onChange={setSingle}
          variant="primary"
          aria-label="Battery warning level"
          unit="%"
        />
      </Example>
      <Example caption="Range, neutral, tick labels" value={range.join(" to ")}>
        <RangeSlider value={range} onChange={setRange} showTickLabels aria-label={["Lowest value", "Highest value"]} />
      </Example>
      <Example caption="Decimals from the step, primary-dark" value={temperature.join(" to ")}>
        <RangeSlider
          value={temperature}
          onChange={setTemperature}
          min={-10}
          max={30}
          step={0.5}
          unit="°C"
          variant="primary-dark"
          showTickLabels
          aria-label={["Minimum temperature", "Maximum temperature"]}
        />
      </Example>
      <Example caption="Timestamps (UTC), blue" value={time.join(" to ")}>
        <RangeSlider
          value={time}
          onChange={setTime}
          min={WEEK_START}
          max={WEEK_END}
          step={3600}
          unitType="timestamp"
          timeZone="UTC"
          variant="blue"
          showTickLabels
          aria-label={["Evaluation start", "Evaluation end"]}
        />
      </Example>
      <Example caption="Disabled">
        <RangeSlider
          value={[30, 60]}
          onChange={() => undefined}
          disabled
          aria-label={["Disabled low", "Disabled high"]}
        />
      </Example>
    </DemoSection>
  );
}
