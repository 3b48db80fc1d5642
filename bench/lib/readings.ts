import { gzipSync } from "node:zlib";
import { MAIN_CUSTOMER_COMPANY } from "../../server/seed/accounts";
import { type BenchServer, type ExplainTarget, findPrincipal, writeExplain } from "./harness";
import type { BigReport } from "./seed";
import { type Latency, type SampleOptions, sample } from "./stats";

/**
 * The chart series of the big report: GET /readings?maxPoints=2000 for the whole
 * report and for a 1-day zoom, against the naive way (select every reading and
 * JSON.stringify it, what an endpoint without downsampling would do).
 */

export interface ReadingsSizes {
  readingsWarmup: number;
  readingsRuns: number;
  naiveWarmup: number;
  naiveRuns: number;
  /** Time cap of one measure (see sample()). */
  readingsCapMs: number;
}

interface Response {
  latency: Latency;
  bytes: number;
  gzipBytes: number;
  points: number;
}

export interface ReadingsFigures {
  readings: number;
  whole: Response;
  zoom: Response & { from: string; to: string };
  naive: Response;
  /** naive p50 / whole-window p50 */
  ratio: number;
  explainFile: string;
}

const DAY = 86_400_000;

async function measureGet(
  server: BenchServer,
  path: string,
  headers: Record<string, string>,
  sizes: SampleOptions,
): Promise<Response> {
  const { latency, last } = await sample(() => server.get(path, headers), sizes);
  const series = JSON.parse(last.body) as { points: unknown[] };
  return {
    latency,
    bytes: Buffer.byteLength(last.body),
    gzipBytes: gzipSync(last.body).length,
    points: series.points.length,
  };
}

export async function measureReadings(
  server: BenchServer,
  report: BigReport,
  sizes: ReadingsSizes,
  explain: ExplainTarget,
  log: (line: string) => void,
): Promise<ReadingsFigures> {
  const admin = await findPrincipal(server.db, "admin@demo.example", MAIN_CUSTOMER_COMPANY);
  const headers = await server.headersFor(admin);
  const base = `/api/label-reports/${report.id}/readings`;
  const runs = { warmup: sizes.readingsWarmup, runs: sizes.readingsRuns, maxMs: sizes.readingsCapMs };

  log(`whole report (${report.readings.toLocaleString("en-US")} readings), maxPoints=2000`);
  const wholePath = `${base}?maxPoints=2000`;
  const whole = await measureGet(server, wholePath, headers, runs);
  const wholeSql = await server.captureSql(() => server.get(wholePath, headers));
  const explainFile = await writeExplain(
    server,
    explain,
    "readings-whole",
    wholePath,
    wholeSql.filter((q) => /from "?(measurements|measurement_rollups|label_reports)\b/.test(q.sql)),
  );

  const middle = report.startMs + Math.floor((report.endMs - report.startMs) / 2 / DAY) * DAY;
  const from = new Date(middle).toISOString();
  const to = new Date(Math.min(report.endMs, middle + DAY)).toISOString();
  log(`1-day zoom ${from} .. ${to}`);
  const zoomPath = `${base}?${new URLSearchParams({ maxPoints: "2000", from, to })}`;
  const zoom = { ...(await measureGet(server, zoomPath, headers, runs)), from, to };

  log("naive: every reading selected and JSON.stringify'd");
  const naiveRun = await sample(
    async () => {
      const rows = await server.db
        .selectFrom("measurements")
        .select(["t", "temperature", "humidity", "battery"])
        .where("reportId", "=", report.id)
        .orderBy("t")
        .execute();
      return { json: JSON.stringify(rows), points: rows.length };
    },
    { warmup: sizes.naiveWarmup, runs: sizes.naiveRuns, maxMs: sizes.readingsCapMs, minRuns: 3 },
  );
  const naive: Response = {
    latency: naiveRun.latency,
    bytes: Buffer.byteLength(naiveRun.last.json),
    gzipBytes: gzipSync(naiveRun.last.json).length,
    points: naiveRun.last.points,
  };
  return {
    readings: report.readings,
    whole,
    zoom,
    naive,
    ratio: naive.latency.p50 / whole.latency.p50,
    explainFile,
  };
}
