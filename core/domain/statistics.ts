import type { Reading } from "./excursions";
import { celsiusToKelvin, kelvinToCelsius } from "./units";

/**
 * Sensor statistics of one channel (docs/domain.md section 2, item 7): min and max with
 * their times, the plain average of the readings, and the mean kinetic temperature.
 */

export interface Extreme {
  value: number;
  /** Epoch ms of the first reading with that value. */
  t: number;
}

export interface SeriesStatistics {
  /** Readings with a value. */
  count: number;
  min: Extreme | null;
  max: Extreme | null;
  /** Arithmetic mean of the values (not time-weighted: readings are evenly spaced). */
  average: number | null;
}

export function describeSeries(readings: readonly Reading[]): SeriesStatistics {
  let count = 0;
  let sum = 0;
  let min: Extreme | null = null;
  let max: Extreme | null = null;
  for (const { t, value } of readings) {
    if (value === null || !Number.isFinite(value)) continue;
    count += 1;
    sum += value;
    // Strict comparisons keep the earliest time when a value repeats.
    if (min === null || value < min.value) min = { value, t };
    if (max === null || value > max.value) max = { value, t };
  }
  return { count, min, max, average: count > 0 ? sum / count : null };
}

/** What MKT is computed on, wherever it is shown (the overlay, the PDF, the share page, the API). */
export const MKT_BASIS =
  "Mean kinetic temperature: ΔH = 83.144 kJ/mol over the whole evaluation window (USP <1079.2>), each reading weighted equally. Information, not the verdict.";

/**
 * ΔH/R of USP <1160>: ΔH = 83.144 kJ/mol and R = 8.3144 × 10⁻³ kJ/(K·mol), in kelvin.
 * The USP page prints R with the wrong sign in the exponent (docs/domain.md [R1]).
 */
export const MKT_ACTIVATION_OVER_R = 83.144 / 0.0083144;

/**
 * Mean kinetic temperature in °C, per USP <1160> (Haynes):
 *   MKT(K) = (ΔH/R) / −ln( Σ wᵢ·exp(−ΔH/(R·Tᵢ)) / Σ wᵢ )
 * with Tᵢ in kelvin and wᵢ the time each reading stands for (equal weights when omitted).
 * Null when there is nothing to average.
 */
export function meanKineticTemperature(celsius: readonly number[], weights?: readonly number[]): number | null {
  if (weights && weights.length !== celsius.length) throw new RangeError("one weight per temperature is needed");
  const h = MKT_ACTIVATION_OVER_R;
  // exp(−ΔH/RT) is about e⁻³⁶ at 5 °C: factoring out the largest exponent (log-sum-exp)
  // keeps the sum well inside double precision even for deep-frozen values.
  let largest = Number.NEGATIVE_INFINITY;
  for (const c of celsius) largest = Math.max(largest, -h / celsiusToKelvin(c));
  let weighted = 0;
  let totalWeight = 0;
  celsius.forEach((c, i) => {
    const w = weights ? (weights[i] ?? 0) : 1;
    if (w <= 0) return;
    weighted += w * Math.exp(-h / celsiusToKelvin(c) - largest);
    totalWeight += w;
  });
  return mktFromScaledSum(largest, weighted, totalWeight);
}

/**
 * The last step of the MKT formula from a log-sum-exp sum: `scaledSum` is
 * Σ wᵢ·exp(−ΔH/(R·Tᵢ) − largest). Shared with the running sum kept per report (summary-fold.ts).
 */
export function mktFromScaledSum(largest: number, scaledSum: number, totalWeight: number): number | null {
  if (totalWeight === 0) return null;
  const logMean = largest + Math.log(scaledSum / totalWeight);
  return kelvinToCelsius(MKT_ACTIVATION_OVER_R / -logMean);
}

/**
 * MKT of a report's readings. Every reading stands for one logging interval, so the
 * weights are equal; offline gaps carry no weight because nothing was measured there.
 */
export function meanKineticTemperatureOf(readings: readonly Reading[]): number | null {
  const values: number[] = [];
  for (const { value } of readings) if (value !== null && Number.isFinite(value)) values.push(value);
  return meanKineticTemperature(values);
}
