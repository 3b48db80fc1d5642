import { type Static, Type } from "typebox";
import { dateTime, Nullable, nullableString } from "./schema-types";

const nullableNumber = Nullable(Type.Number());

/** One point of a chart series: a reading, or the min/max of a bucket of readings. */
export const seriesPointRecord = Type.Object({
  t: Type.String({ description: "ISO time of the bucket's first reading (or of the reading)" }),
  n: Type.Integer(),
  temperatureMin: nullableNumber,
  temperatureMax: nullableNumber,
  humidityMin: nullableNumber,
  humidityMax: nullableNumber,
  battery: nullableNumber,
});

/**
 * The chart series of a report window (GET /label-reports/{id}/readings, the share page):
 * server/reports/series.ts builds it; the report chart and the PDF chart draw it.
 */
export const readingSeriesRecord = Type.Object({
  from: nullableString,
  to: nullableString,
  total: Type.Integer({ description: "Readings in the window" }),
  bucketSeconds: Type.Number({ description: "Bucket width; 0 when every reading is a point" }),
  points: Type.Array(seriesPointRecord),
});

/** One shock event of a report (GET /label-reports/{id}/shock-events). */
export const shockEventRecord = Type.Object({ id: Type.String(), t: dateTime, magnitudeG: Type.Number() });

export type SeriesPoint = Static<typeof seriesPointRecord>;
export type ReadingSeries = Static<typeof readingSeriesRecord>;
export type ShockEventRecord = Static<typeof shockEventRecord>;
