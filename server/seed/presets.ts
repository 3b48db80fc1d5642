import { PRESET_DEFAULTS, slugify, uniqueSlug } from "../../core/domain/label-preset";
import type { LimitBand } from "../../core/domain/limit-bands";
import type { PresetThresholds } from "../../core/domain/report-summary";
import { DISTRIBUTOR_COMPANY, MAIN_CUSTOMER_COMPANY, SUB_COMPANY_OF_MULTI } from "./accounts";

/**
 * The demo label presets, per company, with thresholds as used in practice: 2–8 °C for
 * most medicines, −25 to −15 °C frozen, 15–25 °C controlled room temperature.
 */

export interface SeedPreset extends PresetThresholds {
  temperatureBands: LimitBand[] | null;
  humidityBands: LimitBand[] | null;
  name: string;
  description: string;
  startDelayMinutes: number;
  isArchived?: boolean;
  /** Relative share of the company's reports. */
  weight: number;
}

type Options = Partial<SeedPreset> & Pick<SeedPreset, "name" | "description">;

function preset(options: Options): SeedPreset {
  // The product's own defaults for a new preset, so the demo shows what a user would get.
  return { ...PRESET_DEFAULTS, weight: 1, ...options };
}

const HUMIDITY = { humidityEnabled: true, humidityMin: 30, humidityMax: 70 };
const FROZEN = { temperatureMin: -25, temperatureMax: -15 };
const AMBIENT = { temperatureMin: 15, temperatureMax: 25, alarmType: "cumulative", alarmDelayMinutes: 60 } as const;

export const SEED_PRESETS: Readonly<Record<string, readonly SeedPreset[]>> = {
  [MAIN_CUSTOMER_COMPANY]: [
    preset({ name: "Pharma 2–8 °C", description: "Refrigerated medicines, EU GDP.", weight: 5 }),
    preset({
      name: "Pharma 2–8 °C with humidity",
      description: "Refrigerated medicines in cardboard secondary packaging.",
      ...HUMIDITY,
      weight: 2,
    }),
    preset({
      name: "Controlled room temperature 15–25 °C",
      description: "Ambient products; cumulative 60 minutes allowed outside the range.",
      ...AMBIENT,
      intervalMinutes: 10,
      weight: 2,
    }),
    preset({ name: "Frozen -25 to -15 °C", description: "Frozen APIs and plasma.", ...FROZEN, weight: 1 }),
    preset({
      name: "Vaccines 2–8 °C fragile",
      description: "Vaccines in glass vials: shock above 8 g is reported.",
      shockEnabled: true,
      shockThresholdG: 8,
      alarmDelayMinutes: 15,
      weight: 2,
    }),
    preset({
      name: "Biologics 2–8 °C air freight",
      description: "Air freight via FRA: humidity and handling shocks monitored.",
      ...HUMIDITY,
      shockEnabled: true,
      shockThresholdG: 10,
      alarmType: "cumulative",
      alarmDelayMinutes: 30,
      startDelayMinutes: 30,
      weight: 1,
    }),
    preset({
      // The lowest a label measures is -40 °C (PRESET_LIMITS), so no dry-ice preset here.
      name: "Deep frozen -40 to -30 °C",
      description: "Ultra-cold shippers, at the lowest temperature a label measures.",
      temperatureMin: -40,
      temperatureMax: -30,
      alarmDelayMinutes: 10,
      intervalMinutes: 10,
      weight: 1,
    }),
    preset({
      name: "Pharma 2–8 °C (2025 legacy)",
      description: "Replaced by Pharma 2–8 °C in January 2026.",
      alarmDelayMinutes: 60,
      isArchived: true,
      weight: 0,
    }),
  ],
  [SUB_COMPANY_OF_MULTI]: [
    preset({ name: "Biologics 2–8 °C", description: "Standard refrigerated biologics.", weight: 4 }),
    preset({
      name: "Frozen plasma -25 to -15 °C",
      description: "Plasma fractions to the fractionation plant.",
      ...FROZEN,
      weight: 2,
    }),
    preset({ name: "Ambient 15–25 °C", description: "Ancillary supplies.", ...AMBIENT, weight: 1 }),
    preset({
      name: "Cell therapy 2–8 °C fragile",
      description: "Autologous cell therapy: shock above 8 g is reported.",
      shockEnabled: true,
      shockThresholdG: 8,
      alarmDelayMinutes: 10,
      weight: 1,
    }),
  ],
  "Helsinki Pharma Distribution Oy": [
    preset({ name: "Pharma 2–8 °C", description: "Refrigerated medicines to pharmacies.", weight: 3 }),
    preset({
      name: "Room temperature 15–25 °C",
      description: "Ambient medicines.",
      ...AMBIENT,
      intervalMinutes: 10,
      weight: 2,
    }),
    preset({
      name: "Pharma 2–8 °C humidity",
      description: "Refrigerated medicines with humidity logging.",
      ...HUMIDITY,
      weight: 1,
    }),
  ],
  "Fjordline Seafood AS": [
    preset({
      name: "Fresh fish 0–4 °C",
      description: "Fresh salmon and cod on ice.",
      temperatureMin: 0,
      temperatureMax: 4,
      alarmDelayMinutes: 60,
      intervalMinutes: 10,
      weight: 3,
    }),
    preset({
      name: "Frozen seafood -25 to -18 °C",
      description: "Frozen fillets and crab.",
      temperatureMin: -25,
      temperatureMax: -18,
      alarmDelayMinutes: 60,
      alarmType: "cumulative",
      weight: 2,
    }),
    preset({
      name: "Live shellfish 2–6 °C",
      description: "Live mussels and crab need high humidity.",
      temperatureMin: 2,
      temperatureMax: 6,
      humidityEnabled: true,
      humidityMin: 80,
      humidityMax: 98,
      shockEnabled: true,
      shockThresholdG: 8,
      weight: 1,
    }),
  ],
  [DISTRIBUTOR_COMPANY]: [
    preset({ name: "Pharma 2–8 °C standard", description: "Default for pharma customers.", weight: 2 }),
    preset({ name: "Frozen -25 to -15 °C standard", description: "Default for frozen goods.", ...FROZEN, weight: 1 }),
  ],
};

/** Slugs for a company's preset names, made unique with -2, -3… when two names slug alike. */
export function uniqueSlugs(names: readonly string[]): string[] {
  const used = new Set<string>();
  return names.map((name) => {
    const slug = uniqueSlug(slugify(name), used);
    used.add(slug);
    return slug;
  });
}
