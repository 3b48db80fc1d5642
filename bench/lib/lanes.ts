import { sql } from "kysely";
import type { Db } from "../../server/db/index";
import { openDatabase } from "../../server/db/index";
import { findPrincipal, SqlRecorder, startServer, writeExplain } from "./harness";
import { seedWithCli, settle } from "./seed";
import { count, type Latency, sample } from "./stats";

/**
 * Lane and carrier performance (GET /api/performance) on the big PostgreSQL database: the
 * seed CLI's reports (demo small + `reports`, no readings but full summaries) grouped into
 * shipments of three consecutive labels per company, on eight lanes by five carriers, and
 * the page's question asked for the whole demo year as admin@demo.example in Meridian
 * Pharma (about 54 % of the reports, so about 180,000 shipments at full size).
 */

const LANES_SIZES = {
  full: { reports: 1_000_000, warmup: 3, runs: 30 },
  quick: { reports: 5_000, warmup: 2, runs: 10 },
} as const;
export const LANES_BUDGET_P99_MS = 1000;
const LABELS_PER_SHIPMENT = 3;
const MEASURE_CAP_MS = 90_000;
const PERIOD = "from=2026-01-01T00:00:00.000Z&to=2027-01-01T00:00:00.000Z";

export interface LanesFigures {
  reports: number;
  shipments: number;
  visibleShipments: number;
  seedMs: number;
  shipmentsMs: number;
  lane: Latency;
  carrier: Latency;
  explainFile: string;
}

/** Groups every company's reports into shipments, set-based: departure at the first label's start. */
async function addShipments(db: Db): Promise<number> {
  await sql`
    create temporary table bench_groups as
    select id, company_id,
      md5(company_id::text || ':' || ((row_number() over (partition by company_id order by start_time, id) - 1) / ${sql.lit(LABELS_PER_SHIPMENT)}))::uuid as shipment_id
    from label_reports where start_time is not null`.execute(db);
  const inserted = await sql`
    insert into shipments (id, company_id, reference, origin, destination, carrier, transport_mode, planned_departure, planned_arrival)
    select g.shipment_id, g.company_id, 'BENCH-' || g.shipment_id,
      (array['Basel','Frankfurt','Hamburg','Rotterdam','Lyon','Vienna','Milan','Oslo'])[1 + abs(hashtext(g.shipment_id::text)) % 8],
      (array['Rotterdam','Singapore','Oslo','New York','Madrid','Warsaw','Dublin','Basel'])[1 + abs(hashtext(g.shipment_id::text || 'd')) % 8],
      (array['Kuehne+Nagel','DB Schenker','DHL Freight','Maersk','Nordic Reefer Lines'])[1 + abs(hashtext(g.shipment_id::text || 'c')) % 5],
      'road',
      min(r.start_time),
      -- Planned trips of 12 to 71 whole hours; one shipment in ten planned without an arrival,
      -- so its transit time is its labels' (first start to last end, to the second).
      case when abs(hashtext(g.shipment_id::text || 'u')) % 10 <> 0
        then min(r.start_time) + make_interval(hours => 12 + abs(hashtext(g.shipment_id::text || 't')) % 60)
      end
    from bench_groups g join label_reports r on r.id = g.id
    group by g.shipment_id, g.company_id`.execute(db);
  await sql`update label_reports r set shipment_id = g.shipment_id from bench_groups g where g.id = r.id`.execute(db);
  await sql`drop table bench_groups`.execute(db);
  await sql`vacuum (analyze) shipments, shipment_figures`.execute(db);
  return Number(inserted.numAffectedRows ?? 0);
}

export async function measureLanes(
  root: string,
  quick: boolean,
  startPostgres: () => Promise<{ url: string; stop(): void }>,
  onCleanup: (cleanup: () => void | Promise<void>) => void,
  explainDir: string,
  log: (line: string) => void,
): Promise<LanesFigures> {
  const sizes = LANES_SIZES[quick ? "quick" : "full"];
  const pg = await startPostgres();
  onCleanup(() => pg.stop());
  log(`seeding throwaway PostgreSQL: demo (small) + ${count(sizes.reports)} reports (seed CLI)`);
  const seedMs = await seedWithCli(root, { databaseUrl: pg.url }, sizes.reports);
  const recorder = new SqlRecorder();
  const handle = await openDatabase({ databaseUrl: pg.url, log: recorder.log });
  onCleanup(() => handle.close());
  const started = performance.now();
  const shipments = await addShipments(handle.db);
  await settle(handle.db);
  const shipmentsMs = performance.now() - started;
  log(`${count(shipments)} shipments of ${LABELS_PER_SHIPMENT} labels in ${(shipmentsMs / 1000).toFixed(1)} s`);

  const server = await startServer(handle.db, { recorder });
  onCleanup(() => server.close());
  const principal = await findPrincipal(handle.db, "admin@demo.example", "Meridian Pharma GmbH");
  const headers = await server.headersFor(principal);
  const visible = await handle.db
    .selectFrom("shipments")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("companyId", "=", principal.companyId)
    .executeTakeFirstOrThrow();
  const options = { warmup: sizes.warmup, runs: sizes.runs, maxMs: MEASURE_CAP_MS };
  const lanePath = `/api/performance?${PERIOD}&groupBy=lane`;
  const lane = await sample(() => server.get(lanePath, headers), options);
  const carrier = await sample(() => server.get(`/api/performance?${PERIOD}&groupBy=carrier`, headers), options);
  const queries = await server.captureSql(() => server.get(lanePath, headers));
  const explainFile = await writeExplain(
    server,
    { dir: explainDir, prefix: "explain-postgres", title: `Lane performance, ${count(sizes.reports)} reports` },
    "lanes",
    lanePath,
    queries.filter((query) => query.sql.includes("shipment_figures")),
    // The query's own `set local work_mem`, so the plan is the one the page gets.
    queries.filter((query) => query.sql.startsWith("set local")),
  );
  return {
    reports: sizes.reports,
    shipments,
    visibleShipments: Number(visible.n),
    seedMs,
    shipmentsMs,
    lane: lane.latency,
    carrier: carrier.latency,
    explainFile,
  };
}
