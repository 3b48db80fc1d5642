import { MailOutlined } from "@ant-design/icons";
import { useState } from "react";
import { NumberInput } from "@/components/controls/number-input/number-input";
import { NumberStepper } from "@/components/controls/number-input/number-stepper";
import { RadioGroup } from "@/components/controls/radio-group/radio-group";
import { Autocomplete } from "@/components/controls/select/autocomplete";
import { MultiSelect } from "@/components/controls/select/multi-select";
import { Select } from "@/components/controls/select/select";
import type { SelectOption } from "@/components/controls/select/select-options";
import { Switch, TwoPositionSwitch } from "@/components/controls/switch/switch";
import { TextInput } from "@/components/controls/text-input/text-input";
import { TimeZoneSelect } from "@/components/controls/time-zone-select/time-zone-select";
import type { TimeZoneChoice } from "@/providers/stores/preferences";
import { DemoSection, Example } from "./demo-section";
import styles from "./ui-kit-page.module.css";

const TRANSPORT: SelectOption[] = [
  { value: "truck", label: "Truck", subLabel: "Road freight", icon: "truck" },
  { value: "train", label: "Train", subLabel: "Rail freight", icon: "train" },
  { value: "plane", label: "Plane", subLabel: "Air freight", icon: "plane" },
  { value: "boat", label: "Boat", subLabel: "Sea freight", icon: "boat", disabled: true },
];

const COUNTRIES: SelectOption[] = [
  { value: "CN", label: "China", displayValue: "China (CN)", countryIcon: "china" },
  { value: "FR", label: "France", displayValue: "France (FR)", countryIcon: "france" },
  { value: "DE", label: "Germany", displayValue: "Germany (DE)", countryIcon: "germany" },
  { value: "JP", label: "Japan", displayValue: "Japan (JP)", countryIcon: "japan" },
  { value: "NL", label: "Netherlands", displayValue: "Netherlands (NL)", countryIcon: "netherlands" },
  { value: "PT", label: "Portugal", displayValue: "Portugal (PT)", countryIcon: "portugal" },
  { value: "ES", label: "Spain", displayValue: "Spain (ES)", countryIcon: "spain" },
  { value: "US", label: "United States", displayValue: "United States (US)", countryIcon: "unitedStates" },
];

const PAYMENT: SelectOption[] = [
  { value: "visa", label: "Visa", subLabel: "Credit card", brandIcon: "visa" },
  { value: "mastercard", label: "Mastercard", subLabel: "Credit card", brandIcon: "mastercard" },
  { value: "amex", label: "American Express", subLabel: "Credit card", brandIcon: "amex" },
  { value: "ideal", label: "iDEAL", subLabel: "Bank transfer (NL)", brandIcon: "ideal" },
  { value: "sepa", label: "SEPA Direct Debit", subLabel: "Bank transfer", brandIcon: "sepa" },
];

/** A long list to show the virtual list at work. */
const LABELS: SelectOption[] = Array.from({ length: 500 }, (_, i) => ({
  value: `LBL-${String(i + 1).padStart(4, "0")}`,
  label: `Label LBL-${String(i + 1).padStart(4, "0")}`,
  subLabel: `Shipment ${1000 + i}`,
}));

const PAGE_SIZES = [
  { value: "a4", label: "A4" },
  { value: "letter", label: "Letter" },
  { value: "legal", label: "Legal", disabled: true },
];

export function TextInputDemo() {
  const [name, setName] = useState("Polar Logistics");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("correct horse");
  const [website, setWebsite] = useState("not a url");
  return (
    <DemoSection title="Text input">
      <div className={styles.grid2}>
        <TextInput label="Company name" value={name} onChange={setName} />
        <TextInput
          label="E-mail"
          type="email"
          value={email}
          onChange={setEmail}
          optional
          placeholder="name@example.com"
          prefix={<MailOutlined />}
        />
        <TextInput
          label="Password"
          type="password"
          value={password}
          onChange={setPassword}
          autoComplete="new-password"
        />
        <TextInput
          label="Website"
          type="url"
          value={website}
          onChange={setWebsite}
          issue={{ message: "Enter a valid URL, such as https://example.com" }}
        />
        <TextInput
          label="Search"
          type="search"
          value=""
          onChange={() => undefined}
          variant="light"
          rounded="full"
          placeholder="Search labels"
        />
        <TextInput label="Company id" value="c-1029" onChange={() => undefined} disabled />
      </div>
    </DemoSection>
  );
}

export function NumberDemo() {
  const [interval, setIntervalMinutes] = useState<number | null>(10);
  const [threshold, setThreshold] = useState<number | null>(null);
  const [delay, setDelay] = useState<number | null>(null);
  const [level, setLevel] = useState<number | null>(5);
  return (
    <DemoSection title="Number input and stepper">
      <div className={styles.grid2}>
        <Example caption="Number input, 0 to 60" value={String(interval ?? "")}>
          <NumberInput
            label="Interval"
            unit="min"
            value={interval}
            onChange={setIntervalMinutes}
            min={0}
            max={60}
            decimals={0}
          />
        </Example>
        <Example caption="Decimals 1, with an issue" value={String(threshold ?? "")}>
          <NumberInput
            label="Shock threshold"
            unit="g"
            value={threshold}
            onChange={setThreshold}
            decimals={1}
            min={0}
            max={16}
            issues={[{ message: "Enter a threshold between 0 and 16 g" }]}
          />
        </Example>
        <Example caption="Stepper from empty, -5 to 5" value={String(delay ?? "")}>
          <NumberStepper label="Alarm delay" value={delay} onChange={setDelay} min={-5} max={5} />
        </Example>
        <Example caption="Stepper at its maximum" value={String(level ?? "")}>
          <NumberStepper label="Copies" value={level} onChange={setLevel} min={1} max={5} />
        </Example>
        <Example caption="Read-only stepper">
          <NumberStepper label="Locked" value={3} onChange={() => undefined} readOnly />
        </Example>
        <Example caption="Disabled stepper">
          <NumberStepper label="Disabled" value={null} onChange={() => undefined} disabled />
        </Example>
      </div>
    </DemoSection>
  );
}

export function ChoiceDemo() {
  const [pageSize, setPageSize] = useState<string | null>("legal");
  const [unit, setUnit] = useState<string | null>(null);
  const [live, setLive] = useState(true);
  const [fahrenheit, setFahrenheit] = useState(false);
  return (
    <DemoSection title="Radio group and switch">
      <div className={styles.grid2}>
        <Example caption="Disabled value falls back (md, vertical)" value={pageSize ?? ""}>
          <RadioGroup aria-label="Page size" options={PAGE_SIZES} value={pageSize} onChange={setPageSize} />
        </Example>
        <Example caption="No value: first enabled (lg, horizontal)" value={unit ?? ""}>
          <RadioGroup
            aria-label="Temperature unit"
            options={[
              { value: "celsius", label: "Celsius" },
              { value: "fahrenheit", label: "Fahrenheit" },
            ]}
            value={unit}
            onChange={setUnit}
            size="lg"
            orientation="horizontal"
          />
        </Example>
        <Example caption="Switch sizes">
          <div className={styles.row}>
            <Switch checked={live} onChange={setLive} size="sm" aria-label="Small switch" />
            <Switch checked={live} onChange={setLive} size="md" aria-label="Medium switch" />
            <Switch checked={live} onChange={setLive} size="lg" label="Live view" />
            <Switch checked={false} onChange={() => undefined} disabled label="Disabled" />
          </div>
        </Example>
        <Example caption="Two-position switch" value={fahrenheit ? "°F" : "°C"}>
          <TwoPositionSwitch
            checked={fahrenheit}
            onChange={setFahrenheit}
            options={["°C", "°F"]}
            aria-label="Temperature unit"
          />
        </Example>
      </div>
    </DemoSection>
  );
}

export function SelectDemo() {
  const [transport, setTransport] = useState<string | null>("plane");
  const [countries, setCountries] = useState<string[]>(["NL", "DE"]);
  const [payment, setPayment] = useState<string | null>(null);
  const [label, setLabel] = useState<string | null>(null);
  const [zone, setZone] = useState<TimeZoneChoice | null>("Europe/Amsterdam");
  return (
    <DemoSection title="Select, multi-select and autocomplete">
      <div className={styles.grid2}>
        <Example caption="Select" value={transport ?? ""}>
          <Select label="Transport" options={TRANSPORT} value={transport} onChange={setTransport} />
        </Example>
        <Example caption="Multi-select" value={countries.join(", ")}>
          <MultiSelect label="Countries" options={COUNTRIES} value={countries} onChange={setCountries} />
        </Example>
        <Example caption="Placeholder" value={payment ?? ""}>
          <Select label="Payment method" options={PAYMENT} value={payment} onChange={setPayment} />
        </Example>
        <Example caption="Autocomplete, 500 options" value={label ?? ""}>
          <Autocomplete label="Label" options={LABELS} value={label} onChange={setLabel} allowClear />
        </Example>
        <Example caption="Time zone" value={zone ?? ""}>
          <TimeZoneSelect label="Time zone" value={zone} onChange={setZone} />
        </Example>
        <Example caption="Disabled and error">
          <div className={styles.stack}>
            <Select
              aria-label="Disabled select"
              options={TRANSPORT}
              value="truck"
              onChange={() => undefined}
              disabled
            />
            <Select
              aria-label="Select with an error"
              options={TRANSPORT}
              value={null}
              onChange={() => undefined}
              issue={{ message: "Choose a transport mode" }}
            />
          </div>
        </Example>
      </div>
    </DemoSection>
  );
}
