import { sql } from "kysely";
import type { ReadingSeries, SeriesPoint } from "../../core/api/reading-series";
import type { Db } from "../db/index";
import { ROLLUP_LEVELS_SECONDS } from "../db/migrations/0005-measurement-rollups";

export type { SeriesPoint } from "../../core/api/reading-series";
export type Series = ReadingSeries;

/** Readings of one span, as one rollup bucket or one reading: what a chart bucket sums. */
interface Part {
  /** The start of the rollup bucket, or the reading's time (ms). */
  at: number;
  first: number;
  last: number;
  n: number;
  tmin: number | null;
  tmax: number | null;
  hmin: number | null;
  hmax: number | null;
  batterySum: number;
  batteryN: number;
}

interface Window {
  from?: Date;
  to?: Date;
}

const ms = (value: Date | string) => new Date(value).getTime();
const lower = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));
const upper = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.max(a, b));

/**
 * The window's readings at one rollup level: the level's buckets wholly inside the
 * window as they are, and the readings of the (at most two) buckets the window's ends
 * cut through, one part each. Exact: the same readings as a scan of the window.
 */
async function windowParts(db: Db, reportId: string, window: Window, level: number): Promise<Part[]> {
  const from = window.from?.getTime() ?? Number.NEGATIVE_INFINITY;
  const to = window.to?.getTime() ?? Number.POSITIVE_INFINITY;
  const rows = await db
    .selectFrom("measurementRollups")
    .selectAll()
    .where("reportId", "=", reportId)
    .where("levelSeconds", "=", level)
    .$if(window.from !== undefined, (q) =>
      q.where("bucket", ">=", new Date(Math.floor(from / (level * 1000)) * level * 1000)),
    )
    .$if(window.to !== undefined, (q) => q.where("bucket", "<=", window.to as Date))
    .orderBy("bucket")
    .execute();
  const parts: Part[] = [];
  for (const r of rows) {
    const first = ms(r.firstT);
    const last = ms(r.lastT);
    if (last < from || first > to) continue;
    if (first >= from && last <= to) {
      parts.push({
        at: ms(r.bucket),
        first,
        last,
        n: r.n,
        tmin: r.temperatureMin,
        tmax: r.temperatureMax,
        hmin: r.humidityMin,
        hmax: r.humidityMax,
        batterySum: r.batterySum ?? 0,
        batteryN: r.batteryN,
      });
      continue;
    }
    const readings = await db
      .selectFrom("measurements")
      .select(["t", "temperature", "humidity", "battery"])
      .where("reportId", "=", reportId)
      .where("t", ">=", new Date(Math.max(first, from)))
      .where("t", "<=", new Date(Math.min(last, to)))
      .execute();
    for (const m of readings) {
      const t = ms(m.t);
      parts.push({
        at: t,
        first: t,
        last: t,
        n: 1,
        tmin: m.temperature,
        tmax: m.temperature,
        hmin: m.humidity,
        hmax: m.humidity,
        batterySum: m.battery ?? 0,
        batteryN: m.battery === null ? 0 : 1,
      });
    }
  }
  return parts;
}

/** Parts summed into chart buckets of `widthSeconds`, aligned to the epoch like the rollups. */
function bucketParts(parts: Part[], widthSeconds: number): SeriesPoint[] {
  const width = widthSeconds * 1000;
  const buckets = new Map<number, Part>();
  for (const p of parts) {
    const key = Math.floor(p.at / width);
    const b = buckets.get(key);
    if (!b) {
      buckets.set(key, { ...p });
      continue;
    }
    b.first = Math.min(b.first, p.first);
    b.last = Math.max(b.last, p.last);
    b.n += p.n;
    b.tmin = lower(b.tmin, p.tmin);
    b.tmax = upper(b.tmax, p.tmax);
    b.hmin = lower(b.hmin, p.hmin);
    b.hmax = upper(b.hmax, p.hmax);
    b.batterySum += p.batterySum;
    b.batteryN += p.batteryN;
  }
  return [...buckets.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, b]) => ({
      t: new Date(b.first).toISOString(),
      n: b.n,
      temperatureMin: b.tmin,
      temperatureMax: b.tmax,
      humidityMin: b.hmin,
      humidityMax: b.hmax,
      // avg(battery)::real, as the SQL aggregation of the readings gives it
      battery: b.batteryN ? Math.fround(b.batterySum / b.batteryN) : null,
    }));
}

/**
 * The chart series of a report for a time window, with at most `maxPoints` points:
 * readings as they are when few enough, otherwise min/max per time bucket, so that a
 * spike survives downsampling and a 500,000-reading report costs the browser no more
 * than a small one. Empty buckets stay empty: gaps stay gaps.
 *
 * The buckets come from the rollups (migration 0005): the coarsest level that still
 * has at least maxPoints / 2 buckets in the window, summed into chart buckets of a
 * multiple of its width; the window's count and ends come from the coarsest level.
 * Only windows too short for the finest level (15 minutes × maxPoints / 2, about 10
 * days at 2,000 points) aggregate the readings themselves, in SQL.
 */
export async function readSeries(db: Db, reportId: string, window: Window, maxPoints: number): Promise<Series> {
  const levels = [...ROLLUP_LEVELS_SECONDS].sort((a, b) => b - a);
  const coarsest = levels[0] as number;
  const coarseParts = await windowParts(db, reportId, window, coarsest);
  const total = coarseParts.reduce((sum, p) => sum + p.n, 0);
  if (total === 0) return { from: null, to: null, total: 0, bucketSeconds: 0, points: [] };
  const first = new Date(Math.min(...coarseParts.map((p) => p.first)));
  const last = new Date(Math.max(...coarseParts.map((p) => p.last)));
  const spanSeconds = Math.max(1, (last.getTime() - first.getTime()) / 1000);
  const buckets = Math.max(1, Math.floor(maxPoints / 2));
  const range = { from: first.toISOString(), to: last.toISOString(), total };

  if (total <= maxPoints) {
    const rows = await db
      .selectFrom("measurements")
      .select(["t", "temperature", "humidity", "battery"])
      .where("reportId", "=", reportId)
      .where("t", ">=", first)
      .where("t", "<=", last)
      .orderBy("t")
      .execute();
    const points = rows.map((r) => ({
      t: new Date(r.t).toISOString(),
      n: 1,
      temperatureMin: r.temperature,
      temperatureMax: r.temperature,
      humidityMin: r.humidity,
      humidityMax: r.humidity,
      battery: r.battery,
    }));
    return { ...range, bucketSeconds: 0, points };
  }

  const level = levels.find((w) => spanSeconds / w >= buckets);
  if (level !== undefined) {
    // Epoch-aligned buckets of width W cover the span in at most floor(span / W) + 1
    // buckets: W just over span / buckets keeps that within `buckets`.
    const width = (Math.floor(spanSeconds / buckets / level) + 1) * level;
    const parts = level === coarsest ? coarseParts : await windowParts(db, reportId, window, level);
    return { ...range, bucketSeconds: width, points: bucketParts(parts, width) };
  }

  const bucketSeconds = Math.ceil(spanSeconds / buckets);
  const rows = await sql<{
    t: Date;
    n: string;
    tmin: number | null;
    tmax: number | null;
    hmin: number | null;
    hmax: number | null;
    battery: number | null;
  }>`
    select min(t) as t, count(*) as n,
           min(temperature) as tmin, max(temperature) as tmax,
           min(humidity) as hmin, max(humidity) as hmax,
           avg(battery)::real as battery
    from measurements
    where report_id = ${reportId} and t >= ${first} and t <= ${last}
    group by floor(extract(epoch from (t - ${first}::timestamptz)) / ${bucketSeconds})
    order by 1`.execute(db);
  const points = rows.rows.map((r) => ({
    t: new Date(r.t).toISOString(),
    n: Number(r.n),
    temperatureMin: r.tmin,
    temperatureMax: r.tmax,
    humidityMin: r.hmin,
    humidityMax: r.hmax,
    battery: r.battery,
  }));
  return { ...range, bucketSeconds, points };
}
