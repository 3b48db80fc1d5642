import { type Static, Type } from "typebox";
import { dateTime, Nullable, nullableString } from "./schema-types";

const nullableNumber = Nullable(Type.Number());

/** One point of a chart series: a reading, or the min/max of a bucket of readings. */
const seriesPointRecord = Type.Object({
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

/**
 * The most chart points one call may ask for: the dashboard asks for 2,000 (about two per
 * pixel of a wide chart), the PDF for 1,000. More only costs the server, and twenty calls
 * of 10,000 points stalled it for seconds.
 */
const MAX_SERIES_POINTS = 5000;
/** What a chart gets when it does not say: the dashboard's wide chart. */
export const DEFAULT_SERIES_POINTS = 2000;

/** The window and resolution of a chart series (GET /label-reports/{id}/readings). */
export const readingSeriesQuery = Type.Object(
  {
    from: Type.Optional(dateTime),
    to: Type.Optional(dateTime),
    maxPoints: Type.Optional(Type.Integer({ minimum: 10, maximum: MAX_SERIES_POINTS, default: DEFAULT_SERIES_POINTS })),
  },
  { additionalProperties: false },
);

/** One shock event of a report (GET /label-reports/{id}/shock-events). */
export const shockEventRecord = Type.Object({ id: Type.String(), t: dateTime, magnitudeG: Type.Number() });

export type SeriesPoint = Static<typeof seriesPointRecord>;
export type ReadingSeries = Static<typeof readingSeriesRecord>;
export type ShockEventRecord = Static<typeof shockEventRecord>;
