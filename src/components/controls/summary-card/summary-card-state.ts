import { COMPLETENESS_TEXT } from "@core/domain/completeness-text";
import { formatDecimal } from "@core/domain/number-text";
import type { ReportSummary, SummaryState } from "@core/domain/report-summary";
import { LABEL_STATUS_TEXT } from "@core/domain/resources";
import {
  roundTo,
  TEMPERATURE_SYMBOLS,
  type TemperatureUnit,
  toTemperatureUnit,
  UNIT_SYMBOLS,
  type Unit,
} from "@core/domain/units";

/** The summary card's data and its mapping from a report's summary. */

type SummaryCardType = "violation" | "status";

interface SummaryCardBadge {
  label: string;
  prefix?: string;
  suffix?: string;
}

export interface SummaryCardData {
  unit: Unit;
  type: SummaryCardType;
  state: SummaryState;
  /** The card's title, e.g. 'Temperature'. */
  label: string;
  /** The headline: the verdict of a violation card, the reading or status of a status card. */
  value: string;
  badge?: SummaryCardBadge;
  /** Not measured: the card shows 'N.a.'. */
  disabled?: boolean;
}

const NOT_AVAILABLE = "N.a.";

const UNIT_LABELS: Record<Unit, string> = {
  temperature: "Temperature",
  humidity: "Humidity",
  shock: "Shock",
  battery: "Battery",
  label: "Label",
};

/** The headline a card shows: 'N.a.' when disabled, else its value. */
export function summaryCardHeadline(card: Pick<SummaryCardData, "value" | "disabled">): string {
  return card.disabled ? NOT_AVAILABLE : card.value;
}

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

function verdict(violation: boolean, state: SummaryState): string {
  if (violation) return "Violation";
  return state === "warning" ? "Out of range" : "No violation";
}

/**
 * The card of one unit of a report's summary (core/domain/report-summary.ts).
 * Temperatures are shown in the chosen display unit.
 */
export function summaryCardFromReport(
  unit: Unit,
  summary: ReportSummary,
  { temperatureUnit = "celsius", locale }: { temperatureUnit?: TemperatureUnit; locale?: string } = {},
): SummaryCardData {
  const label = UNIT_LABELS[unit];
  switch (unit) {
    case "temperature":
    case "humidity": {
      const channel = summary[unit];
      const symbol = unit === "temperature" ? TEMPERATURE_SYMBOLS[temperatureUnit] : UNIT_SYMBOLS.humidity;
      const show = (celsiusOrPercent: number) =>
        formatDecimal(
          roundTo(unit === "temperature" ? toTemperatureUnit(celsiusOrPercent, temperatureUnit) : celsiusOrPercent, 1),
          { decimals: 1, locale },
        );
      const badge: SummaryCardBadge | undefined =
        channel.excursionCount > 0
          ? { label: String(channel.excursionCount), suffix: plural(channel.excursionCount, "excursion", "excursions") }
          : channel.average !== null
            ? { prefix: "Avg", label: show(channel.average), suffix: symbol }
            : undefined;
      return {
        unit,
        type: "violation",
        state: channel.state,
        label,
        value: verdict(channel.violation, channel.state),
        ...(badge ? { badge } : {}),
        // A measured unit without a single reading is no data, never "No violation".
        disabled: !channel.measured || channel.readingCount === 0,
      };
    }
    case "shock": {
      const shock = summary.shock;
      const badge: SummaryCardBadge | undefined =
        shock.eventCount > 0
          ? { label: String(shock.eventCount), suffix: plural(shock.eventCount, "shock", "shocks") }
          : shock.maxG !== null
            ? {
                prefix: "Max",
                label: formatDecimal(roundTo(shock.maxG, 1), { decimals: 1, locale }),
                suffix: UNIT_SYMBOLS.shock,
              }
            : undefined;
      return {
        unit,
        type: "violation",
        state: shock.state,
        label,
        value: verdict(shock.violation, shock.state),
        ...(badge ? { badge } : {}),
        disabled: !shock.measured,
      };
    }
    case "battery": {
      const battery = summary.battery;
      return {
        unit,
        type: "status",
        state: battery.state,
        label,
        value: battery.level === null ? NOT_AVAILABLE : `${Math.round(battery.level)} ${UNIT_SYMBOLS.battery}`,
        ...(battery.low ? { badge: { label: "Low" } } : {}),
        disabled: !battery.measured,
      };
    }
    case "label": {
      // The label card carries the data's completeness: missing data is never a plain OK.
      const data = summary.completeness?.state ?? "complete";
      return {
        unit,
        type: "status",
        state: data === "complete" || summary.label.state === "error" ? summary.label.state : "warning",
        label,
        value: LABEL_STATUS_TEXT[summary.label.status],
        ...(data === "complete" ? {} : { badge: { label: COMPLETENESS_TEXT[data] } }),
      };
    }
  }
}

/** The five cards of a report, in their order: temperature, humidity, shock, battery, label. */
export function summaryCardsFromReport(
  summary: ReportSummary,
  options?: { temperatureUnit?: TemperatureUnit; locale?: string },
): SummaryCardData[] {
  return (["temperature", "humidity", "shock", "battery", "label"] as const).map((unit) =>
    summaryCardFromReport(unit, summary, options),
  );
}
