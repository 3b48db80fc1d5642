import { describe, expect, test } from "vitest";
import {
  type ExcursionRule,
  findExcursions,
  findGaps,
  outOfRangeSide,
  type Reading,
  seriesClock,
} from "../../core/domain/excursions";

const MIN = 60_000;
const T0 = Date.UTC(2026, 0, 1);

/** Readings every `interval` minutes from T0; null is a reading without a value. */
function series(values: (number | null)[], interval = 5): Reading[] {
  return values.map((value, i) => ({ t: T0 + i * interval * MIN, value }));
}

/** Readings at the given minute offsets from T0. */
function at(points: [number, number | null][]): Reading[] {
  return points.map(([minute, value]) => ({ t: T0 + minute * MIN, value }));
}

/** A label logging every 5 minutes under a 5-minute rule: the gap threshold is 10 minutes. */
const FIVE = seriesClock(5, null);
const PHARMA: ExcursionRule = { clock: FIVE, lower: 2, upper: 8, alarmDelayMinutes: 30, alarmType: "single" };

describe("out of range", () => {
  test("a reading exactly at the upper limit is in range", () => {
    expect(outOfRangeSide(8, 2, 8)).toBeNull();
    expect(findExcursions(series([5, 8, 8, 5]), PHARMA).count).toBe(0);
  });

  test("a reading exactly at the lower limit is in range", () => {
    expect(outOfRangeSide(2, 2, 8)).toBeNull();
    expect(findExcursions(series([5, 2, 2, 5]), PHARMA).count).toBe(0);
  });

  test("a reading strictly above the upper limit is above", () => {
    expect(outOfRangeSide(8.01, 2, 8)).toBe("above");
  });

  test("a reading strictly below the lower limit is below", () => {
    expect(outOfRangeSide(1.99, 2, 8)).toBe("below");
  });

  test("a null limit means no limit on that side", () => {
    const frozenMaxOnly: ExcursionRule = { ...PHARMA, lower: null, upper: -15 };
    expect(findExcursions(series([-80, -20, -80]), frozenMaxOnly).count).toBe(0);
    expect(findExcursions(series([-10]), frozenMaxOnly).count).toBe(1);
    expect(findExcursions(series([-100, 100]), { ...PHARMA, lower: null, upper: null }).count).toBe(0);
  });
});

describe("excursion events", () => {
  test("consecutive out-of-range readings on one side are one excursion", () => {
    const r = findExcursions(series([5, 9, 10, 9.5, 5]), PHARMA);
    expect(r.count).toBe(1);
    expect(r.excursions[0]).toEqual({
      start: T0 + 5 * MIN,
      end: T0 + 15 * MIN,
      until: T0 + 20 * MIN,
      side: "above",
      readings: 3,
      durationMinutes: 15,
      peak: 10,
    });
  });

  test("an in-range reading between two runs makes two excursions", () => {
    expect(findExcursions(series([9, 9, 5, 9]), PHARMA).count).toBe(2);
  });

  test("going from above straight to below starts a new excursion", () => {
    const r = findExcursions(series([9, 10, 1, 0.5]), PHARMA);
    expect(r.excursions.map((e) => [e.side, e.readings])).toEqual([
      ["above", 2],
      ["below", 2],
    ]);
  });

  test("the peak of a below excursion is its lowest value", () => {
    const r = findExcursions(series([5, 1, 0.2, 1.5, 5]), PHARMA);
    expect(r.excursions[0]?.peak).toBe(0.2);
  });

  test("an excursion lasts from its first reading to the reading that ended it", () => {
    const r = findExcursions(series([9, 9, 9, 9, 5], 10), { ...PHARMA, clock: seriesClock(10, null) });
    expect(r.excursions[0]?.durationMinutes).toBe(40);
  });

  test("an excursion at the end of the data counts its last reading for the label's interval", () => {
    const r = findExcursions(series([5, 9, 9, 9], 10), { ...PHARMA, clock: seriesClock(10, null) });
    expect(r.excursions[0]?.durationMinutes).toBe(30);
    expect(r.excursions[0]?.until).toBeNull();
  });

  test("time above, time below and the longest excursion add up per side", () => {
    const r = findExcursions(series([9, 9, 5, 1, 1, 1, 5, 9]), PHARMA);
    expect(r.timeAboveMinutes).toBe(15);
    expect(r.timeBelowMinutes).toBe(15);
    expect(r.longestExcursionMinutes).toBe(15);
    expect(r.count).toBe(3);
  });

  test("no readings give no excursions and no violation", () => {
    expect(findExcursions([], PHARMA)).toEqual({
      excursions: [],
      count: 0,
      timeAboveMinutes: 0,
      timeBelowMinutes: 0,
      longestExcursionMinutes: 0,
      firstTriggered: null,
      triggeringExcursionStart: null,
      violation: false,
    });
  });
});

describe("gaps", () => {
  test("a run interrupted by a gap is two excursions", () => {
    // 10 -> 30 minutes is 20 minutes apart: more than two 5-minute intervals.
    const r = findExcursions(
      at([
        [0, 9],
        [5, 9],
        [10, 9],
        [30, 9],
        [35, 9],
      ]),
      PHARMA,
    );
    expect(r.excursions.map((e) => e.readings)).toEqual([3, 2]);
    expect(r.timeAboveMinutes).toBe(25);
  });

  test("a single missed reading (two intervals apart) does not break the run and its time counts", () => {
    const r = findExcursions(
      at([
        [0, 9],
        [10, 9],
        [15, 9],
      ]),
      PHARMA,
    );
    expect(r.count).toBe(1);
    // 0 -> 15 min from the readings' times, plus the last reading's 5 minutes.
    expect(r.excursions[0]?.durationMinutes).toBe(20);
  });

  test("a reading without this unit's value is not part of its series: the run goes on", () => {
    const r = findExcursions(series([9, 9, null, 9, 5]), PHARMA);
    expect(r.excursions.map((e) => e.readings)).toEqual([3]);
    expect(r.timeAboveMinutes).toBe(20);
  });

  test("findGaps reports readings more than two intervals apart", () => {
    const readings = at([
      [0, 5],
      [5, 5],
      [15, 5],
      [60, 5],
      [65, 5],
    ]);
    expect(findGaps(readings, FIVE)).toEqual([{ start: T0 + 15 * MIN, end: T0 + 60 * MIN }]);
  });

  test("findGaps spans a run of readings without values", () => {
    const readings = series([5, null, null, null, 5]);
    expect(findGaps(readings, FIVE)).toEqual([{ start: T0, end: T0 + 20 * MIN }]);
  });

  test("evenly spaced readings have no gaps", () => {
    expect(findGaps(series([5, 5, 5, 5]), FIVE)).toEqual([]);
  });
});

describe("single alarm", () => {
  test("a single alarm triggers when one excursion lasts at least the delay", () => {
    // Six readings x 5 minutes = 30 minutes: exactly the delay.
    const r = findExcursions(series([5, 9, 9, 9, 9, 9, 9, 5]), PHARMA);
    expect(r.violation).toBe(true);
  });

  test("single: the alarm is first triggered at the excursion's start plus the delay, not at its start", () => {
    // The excursion starts at 5 min; 30 minutes out of range are reached at 35 min.
    const r = findExcursions(series([5, 9, 9, 9, 9, 9, 9, 9, 5]), PHARMA);
    expect(r.firstTriggered).toBe(T0 + 35 * MIN);
    expect(r.triggeringExcursionStart).toBe(T0 + 5 * MIN);
  });

  test("a single alarm ignores short excursions whose sum exceeds the delay", () => {
    const r = findExcursions(series([9, 9, 9, 5, 9, 9, 9, 5, 1, 1, 1, 1, 1]), PHARMA);
    expect(r.timeAboveMinutes + r.timeBelowMinutes).toBe(55);
    expect(r.longestExcursionMinutes).toBe(25);
    expect(r.violation).toBe(false);
    expect(r.firstTriggered).toBeNull();
  });

  test("single: the alarm is first triggered in the first excursion long enough, not the first excursion", () => {
    const r = findExcursions(series([9, 5, 1, 1, 1, 1, 1, 1, 5]), PHARMA);
    expect(r.triggeringExcursionStart).toBe(T0 + 10 * MIN);
    expect(r.firstTriggered).toBe(T0 + 40 * MIN);
  });
});

describe("cumulative alarm", () => {
  const AMBIENT: ExcursionRule = {
    clock: seriesClock(10, null),
    lower: 15,
    upper: 25,
    alarmDelayMinutes: 60,
    alarmType: "cumulative",
  };

  test("cumulative alarm sums above and below time against one budget", () => {
    // 30 minutes above, then 30 minutes below: 60 minutes of one shared budget.
    const r = findExcursions(series([20, 26, 26, 26, 20, 14, 14, 14, 20], 10), AMBIENT);
    expect(r.timeAboveMinutes).toBe(30);
    expect(r.timeBelowMinutes).toBe(30);
    expect(r.violation).toBe(true);
  });

  test("cumulative: the alarm is first triggered where the running total reaches the delay, inside the excursion", () => {
    // 30 minutes above (10–40 min), then below from 50 min: 30 more minutes of budget are
    // spent at 80 min, before that excursion ends (it lasts 40 minutes).
    const r = findExcursions(series([20, 26, 26, 26, 20, 14, 14, 14, 14, 20], 10), AMBIENT);
    expect(r.firstTriggered).toBe(T0 + 80 * MIN);
    expect(r.triggeringExcursionStart).toBe(T0 + 50 * MIN);
  });

  test("cumulative alarm stays off below the budget", () => {
    const r = findExcursions(series([26, 26, 20, 14, 14, 20], 10), AMBIENT);
    expect(r.violation).toBe(false);
    expect(r.firstTriggered).toBeNull();
  });

  test("the cumulative budget never resets between excursions far apart", () => {
    const values = [26, 26, ...Array<number>(100).fill(20), 26, 26, 26, 26];
    expect(findExcursions(series(values, 10), AMBIENT).violation).toBe(true);
  });
});

describe("zero delay", () => {
  test("a delay of 0 makes any out-of-range reading a violation (single)", () => {
    const r = findExcursions(series([5, 8.1, 5]), { ...PHARMA, alarmDelayMinutes: 0 });
    expect(r.violation).toBe(true);
  });

  test("zero delay: the alarm is first triggered at the excursion's start", () => {
    const single = findExcursions(series([5, 8.1, 8.1, 5]), { ...PHARMA, alarmDelayMinutes: 0 });
    const cumulative = findExcursions(series([5, 8.1, 8.1, 5]), {
      ...PHARMA,
      alarmDelayMinutes: 0,
      alarmType: "cumulative",
    });
    for (const r of [single, cumulative]) {
      expect(r.firstTriggered).toBe(T0 + 5 * MIN);
      expect(r.triggeringExcursionStart).toBe(T0 + 5 * MIN);
    }
  });

  test("a delay of 0 makes any out-of-range reading a violation (cumulative)", () => {
    const rule: ExcursionRule = { ...PHARMA, alarmDelayMinutes: 0, alarmType: "cumulative" };
    expect(findExcursions(series([5, 1.9, 5]), rule).violation).toBe(true);
  });

  test("a delay of 0 with every reading in range is no violation", () => {
    const rule: ExcursionRule = { ...PHARMA, alarmDelayMinutes: 0, alarmType: "cumulative" };
    expect(findExcursions(series([2, 5, 8]), rule).violation).toBe(false);
  });
});
