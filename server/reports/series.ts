import { sql } from "kysely";
import type { Db } from "../db/index";

export interface SeriesPoint {
  /** ISO time of the bucket's first reading (or of the reading). */
  t: string;
  n: number;
  temperatureMin: number | null;
  temperatureMax: number | null;
  humidityMin: number | null;
  humidityMax: number | null;
  battery: number | null;
}

export interface Series {
  from: string | null;
  to: string | null;
  /** Readings in the window. */
  total: number;
  /** Bucket width in seconds; 0 when every reading is sent as it is. */
  bucketSeconds: number;
  points: SeriesPoint[];
}

/**
 * The chart series of a report for a time window, with at most `maxPoints` points:
 * readings as they are when few enough, otherwise min/max per time bucket computed
 * in SQL, so that a spike survives downsampling and a 500,000-reading report costs
 * the browser no more than a small one. Empty buckets stay empty: gaps stay gaps.
 */
export async function readSeries(
  db: Db,
  reportId: string,
  window: { from?: Date; to?: Date },
  maxPoints: number,
): Promise<Series> {
  const range = await db
    .selectFrom("measurements")
    .select([sql<Date | null>`min(t)`.as("first"), sql<Date | null>`max(t)`.as("last"), sql<string>`count(*)`.as("n")])
    .where("reportId", "=", reportId)
    .$if(window.from !== undefined, (q) => q.where("t", ">=", window.from as Date))
    .$if(window.to !== undefined, (q) => q.where("t", "<=", window.to as Date))
    .executeTakeFirstOrThrow();
  const total = Number(range.n);
  if (!range.first || !range.last || total === 0)
    return { from: null, to: null, total: 0, bucketSeconds: 0, points: [] };
  const first = new Date(range.first);
  const last = new Date(range.last);
  const spanSeconds = Math.max(1, (last.getTime() - first.getTime()) / 1000);
  const buckets = Math.max(1, Math.floor(maxPoints / 2));
  const bucketSeconds = total <= maxPoints ? 0 : Math.ceil(spanSeconds / buckets);
  let points: SeriesPoint[];
  if (bucketSeconds === 0) {
    const rows = await db
      .selectFrom("measurements")
      .select(["t", "temperature", "humidity", "battery"])
      .where("reportId", "=", reportId)
      .where("t", ">=", first)
      .where("t", "<=", last)
      .orderBy("t")
      .execute();
    points = rows.map((r) => ({
      t: new Date(r.t).toISOString(),
      n: 1,
      temperatureMin: r.temperature,
      temperatureMax: r.temperature,
      humidityMin: r.humidity,
      humidityMax: r.humidity,
      battery: r.battery,
    }));
  } else {
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
    points = rows.rows.map((r) => ({
      t: new Date(r.t).toISOString(),
      n: Number(r.n),
      temperatureMin: r.tmin,
      temperatureMax: r.tmax,
      humidityMin: r.hmin,
      humidityMax: r.hmax,
      battery: r.battery,
    }));
  }
  return { from: first.toISOString(), to: last.toISOString(), total, bucketSeconds, points };
}
