import fc from "fast-check";
import { describe, expect, test } from "vitest";
import type { LimitBand } from "../../core/domain/limit-bands";
import {
  type PresetThresholds,
  type ReportSummary,
  type SummaryReading,
  type SummaryShockEvent,
  summariseReport,
} from "../../core/domain/report-summary";
import {
  emptyFoldState,
  foldAll,
  foldNewReadings,
  type StoredReadings,
  type SummaryFoldState,
  summaryOfFoldState,
} from "../../core/domain/summary-fold";

const MIN = 60_000;
const T0 = Date.UTC(2026, 5, 1, 8, 0);

const BASE: PresetThresholds = {
  temperatureEnabled: true,
  temperatureMin: 2,
  temperatureMax: 8,
  humidityEnabled: true,
  humidityMin: 30,
  humidityMax: 70,
  shockEnabled: true,
  shockThresholdG: 5,
  alarmDelayMinutes: 15,
  alarmType: "single",
  intervalMinutes: 5,
  batteryWarningLevel: 20,
};

/** A report's readings kept like the measurements table: one per time, duplicates ignored. */
class Store implements StoredReadings {
  readonly rows = new Map<number, SummaryReading>();
  readonly shocks: SummaryShockEvent[] = [];

  /** Stores what is new in a batch (the first of a time counts) and answers it. */
  insert(batch: readonly (SummaryReading & { shock: number | null })[]) {
    const readings: SummaryReading[] = [];
    const shocks: SummaryShockEvent[] = [];
    for (const { shock, ...r } of batch) {
      if (this.rows.has(r.t)) continue;
      this.rows.set(r.t, r);
      readings.push(r);
      if (shock !== null && shock > 0) shocks.push({ t: r.t, magnitudeG: shock });
    }
    this.shocks.push(...shocks);
    return { readings, shocks };
  }
  sorted(): SummaryReading[] {
    return [...this.rows.values()].sort((a, b) => a.t - b.t);
  }
  async before(t: number, limit: number) {
    return this.sorted()
      .filter((r) => r.t < t)
      .reverse()
      .slice(0, limit);
  }
  async after(t: number, until: number, limit: number) {
    return this.sorted()
      .filter((r) => r.t > t && r.t <= until)
      .slice(0, limit);
  }
  async between(from: number | null, to: number) {
    return this.sorted().filter((r) => (from === null || r.t >= from) && r.t <= to);
  }
}

/** Temperatures on a 0.5 °C grid around 2–8 °C hit the limits exactly, and repeat (ties for min and max). */
const temperature = fc.option(
  fc.integer({ min: -4, max: 24 }).map((half) => half / 2),
  { freq: 8 },
);
const humidity = fc.option(fc.integer({ min: 20, max: 80 }), { freq: 6 });
const battery = fc.option(fc.integer({ min: 0, max: 100 }), { freq: 3 });
const shock = fc.option(fc.integer({ min: 1, max: 9 }), { freq: 1, nil: null });

/**
 * Readings as real labels send them: at their own pace (1 to 9 minutes, with a clock that
 * wobbles by up to 30 s), with holes (gaps), units arriving separately (a reading may
 * carry any mix of values, or only a shock).
 */
const readingsArb = fc
  .tuple(fc.uniqueArray(fc.integer({ min: 0, max: 90 }), { minLength: 1, maxLength: 60 }), fc.constantFrom(1, 3, 5, 9))
  .chain(([slots, pace]) =>
    fc.tuple(
      ...slots.map((slot) =>
        fc
          .record({ temperature, humidity, battery, shock, wobble: fc.constantFrom(0, 0, 0, 0, 0, 0, 7, 30) })
          .map(({ wobble, ...v }) => ({ t: T0 + slot * pace * MIN + wobble * 1000, ...v })),
      ),
    ),
  );

const presetArb = fc.record({
  alarmDelayMinutes: fc.constantFrom(0, 5, 10, 15, 30),
  alarmType: fc.constantFrom("single" as const, "cumulative" as const),
  humidityEnabled: fc.boolean(),
  temperatureMin: fc.constantFrom(2, null),
});

/** Readings in random order, split into random batches, some re-sent. */
const scenarioArb = fc
  .tuple(readingsArb, presetArb)
  .chain(([readings, rule]) =>
    fc.tuple(
      fc.constant({ ...BASE, ...rule } as PresetThresholds),
      fc.shuffledSubarray(readings, { minLength: readings.length, maxLength: readings.length }),
      fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 20 }),
      fc.array(fc.nat({ max: readings.length - 1 }), { maxLength: 5 }),
    ),
  )
  .map(([preset, order, sizes, resent]) => {
    const batches: (typeof order)[] = [];
    let i = 0;
    for (let k = 0; i < order.length; k++) {
      const size = sizes[k % sizes.length] ?? 1;
      batches.push(order.slice(i, i + size));
      i += size;
    }
    // Re-sent readings (duplicates) ride along with later batches.
    resent.forEach((index, k) => {
      const batch = batches[(k * 7) % batches.length];
      const again = order[index];
      if (batch && again) batch.push(again);
    });
    return { preset, batches };
  });

/** Folds each batch as ingestion does, after storing it. */
async function ingestAll(scenario: {
  preset: PresetThresholds;
  batches: (SummaryReading & { shock: number | null })[][];
}) {
  const store = new Store();
  let state: SummaryFoldState = emptyFoldState();
  let rebuilds = 0;
  for (const batch of scenario.batches) {
    const { readings, shocks } = store.insert(batch);
    // As the server does: a batch that moves the label's interval recomputes from all readings.
    const folded = await foldNewReadings(state, readings, shocks, scenario.preset, store);
    if (folded === null) rebuilds++;
    state = folded ?? foldAll(store.sorted(), [...store.shocks], scenario.preset);
  }
  return { store, state, rebuilds };
}

/** Averages and MKT are sums in another order: equal to the stored two decimals, give or take one. */
function withoutSums(summary: ReportSummary) {
  return {
    ...summary,
    temperature: { ...summary.temperature, average: null, mkt: null },
    humidity: { ...summary.humidity, average: null, mkt: null },
  };
}

function expectClose(a: number | null, b: number | null, epsilon: number) {
  if (a === null || b === null) expect(a).toBe(b);
  else expect(Math.abs(a - b)).toBeLessThanOrEqual(epsilon);
}

describe("incremental summary (summary-fold)", () => {
  test("batches in any order, late and re-sent, give the summary of all readings at once", async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb, async (scenario) => {
        const { store, state } = await ingestAll(scenario);
        const all = store.sorted();
        const expected = summariseReport({
          preset: scenario.preset,
          readings: all,
          shockEvents: [...store.shocks].sort((a, b) => a.t - b.t),
          status: "recording",
        });
        const actual = summaryOfFoldState(state, { preset: scenario.preset, status: "recording" });
        // Compared exactly: every field but the averages and the MKT.
        expect(withoutSums(actual)).toEqual(withoutSums(expected));
        for (const channel of ["temperature", "humidity"] as const) {
          expectClose(actual[channel].average, expected[channel].average, 0.0100001);
          expectClose(actual[channel].mkt, expected[channel].mkt, 0.0100001);
        }
      }),
      { numRuns: 300 },
    );
  });

  test("the state after batches is the state of all readings folded at once (sums within 1e-9)", async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb, async (scenario) => {
        const { store, state } = await ingestAll(scenario);
        const once = foldAll(store.sorted(), [...store.shocks], scenario.preset);
        for (const channel of ["temperature", "humidity"] as const) {
          expect(state[channel].excursions).toEqual(once[channel].excursions);
          expect(state[channel].min).toEqual(once[channel].min);
          expect(state[channel].max).toEqual(once[channel].max);
          expect(state[channel].count).toBe(once[channel].count);
          expect(state[channel].pairedMs).toBe(once[channel].pairedMs);
          expect(state[channel].lastT).toBe(once[channel].lastT);
          expect(Math.abs(state[channel].sum - once[channel].sum)).toBeLessThan(1e-9);
          const mkt = (s: SummaryFoldState) =>
            s[channel].mktLargest === null ? null : s[channel].mktLargest + Math.log(s[channel].mktScaledSum);
          expectClose(mkt(state), mkt(once), 1e-12);
        }
        expect(state.gaps).toEqual(once.gaps);
        expect({ ...state, temperature: null, humidity: null }).toEqual({ ...once, temperature: null, humidity: null });
      }),
      { numRuns: 300 },
    );
  });

  test("a late reading in range splits the excursion it falls into", async () => {
    const store = new Store();
    const at = (minute: number, temperature: number) => ({
      t: T0 + minute * MIN,
      temperature,
      humidity: 50,
      battery: 90,
      shock: null,
    });
    const preset = { ...BASE, humidityEnabled: false };
    const first = store.insert([at(0, 5), at(5, 12), at(15, 12), at(20, 12), at(25, 5)]);
    const late = store.insert([at(10, 5)]);
    const state = await foldNewReadings(foldAll(first.readings, [], preset), late.readings, [], preset, store);
    if (state === null) throw new Error("the label's 5-minute pace did not change");
    const summary = summaryOfFoldState(state, { preset, status: "recording" });
    expect(summary.temperature.excursionCount).toBe(2);
    expect(summary.temperature.longestExcursionMinutes).toBe(10);
  });
});

/** Bands around the grid's values, a warning band inside the min and max among them (it bounds late readings). */
const bandsArb = fc.record({
  temperatureBands: fc.constantFrom<LimitBand[][]>(
    [
      { side: "above", limit: 6, delayMinutes: 10, delayType: "single", severity: "warning" },
      { side: "above", limit: 8, delayMinutes: 15, delayType: "cumulative", severity: "alarm" },
      { side: "above", limit: 10, delayMinutes: 0, delayType: "single", severity: "critical" },
      { side: "below", limit: 2, delayMinutes: 10, delayType: "single", severity: "warning" },
      { side: "below", limit: 0, delayMinutes: 5, delayType: "cumulative", severity: "alarm" },
    ],
    [
      { side: "above", limit: 8, delayMinutes: 5, delayType: "single", severity: "warning" },
      { side: "above", limit: 8, delayMinutes: 20, delayType: "cumulative", severity: "alarm" },
    ],
  ),
  humidityBands: fc.constantFrom<LimitBand[] | null>(null, [
    { side: "above", limit: 60, delayMinutes: 10, delayType: "cumulative", severity: "warning" },
  ]),
});

describe("incremental summary with limit bands", () => {
  test("the fold and the full pass agree on every band", async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb, bandsArb, async (base, bands) => {
        const scenario = { ...base, preset: { ...base.preset, ...bands } };
        const { store, state } = await ingestAll(scenario);
        const expected = summariseReport({
          preset: scenario.preset,
          readings: store.sorted(),
          shockEvents: [...store.shocks].sort((a, b) => a.t - b.t),
          status: "recording",
        });
        const actual = summaryOfFoldState(state, { preset: scenario.preset, status: "recording" });
        expect(actual.temperature.bands).toEqual(expected.temperature.bands);
        expect(actual.humidity.bands).toEqual(expected.humidity.bands);
        expect(withoutSums(actual)).toEqual(withoutSums(expected));
      }),
      { numRuns: 300 },
    );
  });
});
