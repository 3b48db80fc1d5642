import type { PresetThresholds } from "../../core/domain/report-summary";
import { chance, gaussian, int, pick, type Rng, range } from "./prng";

/**
 * Synthetic label readings: a temperature that wanders inside the preset's band with
 * noise and a day/night drift, injected excursions, humidity when the preset measures
 * it, a draining battery, offline gaps and handling shocks.
 *
 * Values are kept as integers in hundredths (4.37 °C -> 437): the database parses
 * integer arrays several times faster than float text, and the readings are stored
 * as float4 anyway.
 */

type ExcursionKind = "none" | "short" | "long" | "both";

export interface SeriesPlan {
  /** Readings the label would take without gaps. */
  points: number;
  /** Epoch ms of the first reading; whole seconds. */
  startMs: number;
  excursion: ExcursionKind;
  humidityExcursion: boolean;
  /** Battery percentage at the last reading. */
  batteryEnd: number;
  /** Number of offline periods. */
  gaps: number;
  /** Readings at the start taken before the probe cooled down (an acclimatisation spike). */
  warmReadings: number;
  /** Readings without a temperature (sensor glitches). */
  glitches: number;
  /** Shocks below and above the preset's threshold. */
  softShocks: number;
  hardShocks: number;
}

export interface Series {
  /** Epoch seconds of each kept reading. */
  seconds: number[];
  /** Hundredths of °C; null for a glitch or when temperature is not measured. */
  temperature: (number | null)[];
  /** Hundredths of %RH; null when humidity is not measured. */
  humidity: (number | null)[];
  /** Hundredths of a percent. */
  battery: number[];
  shocks: { ms: number; magnitudeG: number }[];
}

const DAY_S = 86_400;

interface Band {
  center: number;
  half: number;
  min: number | null;
  max: number | null;
}

function band(min: number | null, max: number | null, fallbackCenter: number, fallbackHalf: number): Band {
  if (min !== null && max !== null) return { center: (min + max) / 2, half: (max - min) / 2, min, max };
  if (max !== null) return { center: max - fallbackHalf, half: fallbackHalf, min, max };
  if (min !== null) return { center: min + fallbackHalf, half: fallbackHalf, min, max };
  return { center: fallbackCenter, half: fallbackHalf, min, max };
}

/**
 * A value that wanders around the centre of the band: baseline offset, a day/night
 * sine and AR(1) noise, sized to the band so it rarely leaves it on its own.
 */
function wander(rng: Rng, b: Band, count: number, seconds: (i: number) => number): number[] {
  const offset = Math.max(-0.2, Math.min(0.2, gaussian(rng, 0, 0.08))) * b.half;
  const amplitude = range(rng, 0.1, 0.25) * b.half;
  const phase = range(rng, 0, 2 * Math.PI);
  const step = 0.04 * b.half;
  const values = new Array<number>(count);
  let noise = 0;
  for (let i = 0; i < count; i++) {
    noise = 0.9 * noise + gaussian(rng, 0, step);
    const diurnal = amplitude * Math.sin((2 * Math.PI * seconds(i)) / DAY_S + phase);
    values[i] = b.center + offset + diurnal + noise;
  }
  return values;
}

/** Pushes `length` readings from `from` past a limit, peaking in the middle. */
function inject(values: number[], from: number, length: number, limit: number, direction: 1 | -1, peak: number) {
  for (let k = 0; k < length && from + k < values.length; k++) {
    const shape = Math.sin((Math.PI * (k + 0.5)) / length);
    // At least 0.2 past the limit, so every injected reading is strictly out of range.
    values[from + k] = limit + direction * (0.2 + peak * shape);
  }
}

function excursionLength(rng: Rng, kind: "short" | "long", intervalMinutes: number): number {
  if (kind === "short") return int(rng, 1, Math.max(1, Math.floor(20 / intervalMinutes)));
  return Math.ceil(range(rng, 40, 360) / intervalMinutes);
}

function injectTemperature(rng: Rng, values: number[], b: Band, kind: ExcursionKind, intervalMinutes: number) {
  if (kind === "none" || values.length < 20) return;
  const sides: ("above" | "below")[] =
    kind === "both"
      ? ["above", "below"]
      : [b.max === null ? "below" : b.min === null ? "above" : pick(rng, ["above", "above", "below"])];
  const episodes = kind === "short" ? int(rng, 1, 3) : 1;
  for (const side of sides) {
    for (let e = 0; e < episodes; e++) {
      const limit = side === "above" ? b.max : b.min;
      if (limit === null) continue;
      const length = excursionLength(rng, kind === "short" ? "short" : "long", intervalMinutes);
      const from = int(rng, Math.floor(values.length * 0.05), Math.floor(values.length * 0.9));
      inject(values, from, length, limit, side === "above" ? 1 : -1, range(rng, 0.3, Math.max(0.5, b.half * 1.2)));
    }
  }
}

const toHundredths = (v: number) => Math.round(v * 100);

export function generateSeries(rng: Rng, preset: PresetThresholds, plan: SeriesPlan): Series {
  const interval = preset.intervalMinutes;
  const startS = Math.round(plan.startMs / 1000);
  const secondsOf = (i: number) => startS + i * interval * 60;
  const n = plan.points;

  const tBand = band(preset.temperatureMin, preset.temperatureMax, 5, 3);
  const temperature = wander(rng, tBand, n, secondsOf);
  injectTemperature(rng, temperature, tBand, plan.excursion, interval);
  // The probe starts at room temperature and cools down to the payload's.
  const warm = Math.min(plan.warmReadings, n);
  const warmStart = tBand.center < 15 ? 20 : tBand.center + 10;
  for (let i = 0; i < warm; i++) {
    const target = temperature[i] ?? tBand.center;
    temperature[i] = warmStart + ((target - warmStart) * i) / warm;
  }

  let humidity: number[] | null = null;
  if (preset.humidityEnabled) {
    const hBand = band(preset.humidityMin, preset.humidityMax, 50, 15);
    humidity = wander(rng, hBand, n, secondsOf);
    if (plan.humidityExcursion && hBand.max !== null && n > 20) {
      const length = Math.ceil(range(rng, 20, 240) / interval);
      inject(humidity, int(rng, 0, n - 1), length, hBand.max, 1, range(rng, 1, 12));
    }
    for (let i = 0; i < n; i++) humidity[i] = Math.min(100, Math.max(0, humidity[i] ?? 0));
  }

  const batteryStart = range(rng, 97, 100);
  const keep = new Array<boolean>(n).fill(true);
  for (let g = 0; g < plan.gaps && n > 40; g++) {
    // At least three readings missing, so the gap is longer than two intervals.
    const length = int(rng, 3, Math.min(72, Math.floor(n / 10)));
    const from = int(rng, Math.floor(n * 0.05), Math.floor(n * 0.9));
    for (let k = from; k < from + length && k < n; k++) keep[k] = false;
  }
  const glitch = new Set<number>();
  for (let g = 0; g < plan.glitches && n > 0; g++) glitch.add(int(rng, 0, n - 1));

  const series: Series = { seconds: [], temperature: [], humidity: [], battery: [], shocks: [] };
  let battery = batteryStart;
  for (let i = 0; i < n; i++) {
    const planned = n > 1 ? batteryStart - ((batteryStart - plan.batteryEnd) * i) / (n - 1) : batteryStart;
    // A battery never recharges: jitter only downwards from the plan.
    battery = Math.min(battery, planned + range(rng, 0, 0.3));
    if (!keep[i]) continue;
    series.seconds.push(secondsOf(i));
    series.temperature.push(
      preset.temperatureEnabled && !glitch.has(i) ? toHundredths(temperature[i] ?? tBand.center) : null,
    );
    series.humidity.push(humidity ? toHundredths(humidity[i] ?? 0) : null);
    // Labels report the battery in tenths of a percent.
    series.battery.push(Math.max(0, Math.round(battery * 10) * 10));
  }

  if (preset.shockEnabled && n > 1) {
    const threshold = preset.shockThresholdG ?? 8;
    const spanMs = (n - 1) * interval * 60_000;
    for (let s = 0; s < plan.softShocks + plan.hardShocks; s++) {
      const hard = s < plan.hardShocks;
      const magnitudeG = hard ? range(rng, threshold + 0.5, threshold * 2.2) : range(rng, 1.2, threshold * 0.85);
      series.shocks.push({
        ms: plan.startMs + Math.floor(rng.next() * spanMs),
        magnitudeG: Math.round(magnitudeG * 10) / 10,
      });
    }
    series.shocks.sort((a, b) => a.ms - b.ms);
  }
  return series;
}

/** A plan for a report with `points` readings: about a third get excursions. */
export function planSeries(rng: Rng, points: number, startMs: number, preset: PresetThresholds): SeriesPlan {
  const excursion: ExcursionKind = chance(rng, 0.34)
    ? pick(rng, ["short", "short", "long", "long", "long", "both"])
    : "none";
  const lowBattery = chance(rng, 0.05);
  const days = (points * preset.intervalMinutes) / 1440;
  return {
    points,
    startMs,
    excursion,
    humidityExcursion: preset.humidityEnabled && chance(rng, 0.15),
    batteryEnd: lowBattery ? range(rng, 4, 19) : Math.max(25, 100 - days * range(rng, 0.8, 2.2) - range(rng, 0, 8)),
    gaps: chance(rng, 0.12) ? int(rng, 1, 2) : 0,
    warmReadings: 0,
    glitches: chance(rng, 0.03) ? int(rng, 1, 2) : 0,
    softShocks: preset.shockEnabled ? int(rng, 0, 4) + Math.floor(days / 4) : 0,
    hardShocks: preset.shockEnabled && chance(rng, 0.25) ? int(rng, 1, 2) : 0,
  };
}
