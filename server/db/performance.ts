import { sql } from "kysely";
import type { GroupTotals, PerformanceGroup } from "../../core/domain/performance";
import type { Db } from "./index";

/** The query's columns, named in one word each (the camel-case plugin leaves them as they are). */
interface RawTotals {
  origin: string;
  destination: string;
  carrier: string;
  month: string | null;
  shipments: number;
  alarmed: number;
  incomplete: number;
  outofrange: number | null;
  logged: number | null;
  median: number | null;
}

interface Period {
  from: Date;
  to: Date;
}

/**
 * The lane or carrier totals of the companies' shipments departing in the period, per
 * group for the whole period and per group and UTC month, in one pass over the shipments'
 * figures (`shipment_figures`, 0049: one row per shipment, kept by PostgreSQL's triggers
 * from the shipment and the stored summaries of its reports, never their readings).
 *
 * A shipment's row says its departure (planned, else its first label's start) and its UTC
 * month (0051), whether any label had an alarm or a violation, whether its data is
 * incomplete (any label's, or no label at all), the temperature minutes out of range and the
 * minutes logged, and its transit time; the rules are in the migration. Medians are taken
 * here, over the period's shipments, since they do not add up across months or companies.
 */
export async function performanceTotals(
  db: Db,
  companies: readonly string[],
  groupBy: PerformanceGroup,
  period: Period,
): Promise<GroupTotals[]> {
  if (companies.length === 0) return [];
  const lane = groupBy === "lane";
  const route = lane ? sql`f.origin, f.destination` : sql`f.carrier`;
  // The route texts compare byte by byte ("C"): they are sorted to group the rows, never shown
  // in this order, and the locale's comparison was half of the sort's time.
  const query = sql<RawTotals>`
    select
      ${lane ? sql`f.origin` : sql`''`} as origin,
      ${lane ? sql`f.destination` : sql`''`} as destination,
      ${lane ? sql`''` : sql`f.carrier`} as carrier,
      to_char(f.month, 'YYYY-MM') as month,
      count(*)::int as shipments,
      (count(*) filter (where f.alarmed))::int as alarmed,
      (count(*) filter (where f.incomplete))::int as incomplete,
      sum(f.out_minutes)::float8 as outofrange,
      sum(f.logged_minutes)::float8 as logged,
      (percentile_cont(0.5) within group (order by f.transit_hours))::float8 as median
    from (
      select origin collate "C" as origin, destination collate "C" as destination, carrier collate "C" as carrier,
        departed_month as month, alarmed, incomplete, out_minutes, logged_minutes, transit_hours
      from shipment_figures
      where company_id in (${sql.join(companies.map((id) => sql.lit(id)))})
        and departed is not null and departed >= ${period.from} and departed < ${period.to}
    ) f
    group by grouping sets ((${route}), (${route}, f.month))
  `;
  // One sort of the period's rows feeds both grouping sets and the medians: 180,000 shipments
  // (the bench's year of one company) take about 30 MB, over the default 4 MB that would
  // send it to disk. Local to this transaction.
  const { rows } = await db.transaction().execute(async (trx) => {
    await sql`set local work_mem = '64MB'`.execute(trx);
    return query.execute(trx);
  });
  return rows.map(({ outofrange, logged, median, ...row }) => ({
    ...row,
    outOfRangeMinutes: outofrange ?? 0,
    loggedMinutes: logged ?? 0,
    medianTransitHours: median,
  }));
}
