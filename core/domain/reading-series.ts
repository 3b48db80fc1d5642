/**
 * The chart series of a report window, as `GET /api/label-reports/:id/readings` answers it
 * (server/reports/series.ts builds it; the report chart and the PDF chart draw it).
 */

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

export interface ReadingSeries {
  from: string | null;
  to: string | null;
  /** Readings in the window. */
  total: number;
  /** Bucket width in seconds; 0 when every reading is sent as it is. */
  bucketSeconds: number;
  points: SeriesPoint[];
}
