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
 * group for the whole period and per group and UTC month, from the shipments' figures
 * (`shipment_figures`, 0049: one row per shipment, kept by PostgreSQL's triggers from the
 * shipment and the stored summaries of its reports, never their readings).
 *
 * A shipment's row says its departure (planned, else its first label's start) and its month,
 * whether any label had an alarm or a violation, whether its data is incomplete (any
 * label's, or no label at all), the temperature minutes out of range and the minutes
 * logged, and its transit time; the rules are in the migration.
 *
 * The period's rows are first folded into cells of (group, month, transit time) with their
 * counts and sums, one hash aggregation; the period's and each month's totals add the cells
 * up. Medians do not add up, so they are taken over the cells' transit times weighted by
 * their counts: the value at the middle position (the mean of the two middle ones for an
 * even count), as `percentile_cont(0.5)` would give over the shipments themselves, but
 * sorting cells instead of shipments (planned trips share their durations, so a year of a
 * lane is a few hundred cells). Shipments without a transit time count everywhere but the
 * median.
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
  const query = sql<RawTotals>`
    with cells as (
      select
        ${lane ? sql`f.origin` : sql`''`} as origin,
        ${lane ? sql`f.destination` : sql`''`} as destination,
        ${lane ? sql`''` : sql`f.carrier`} as carrier,
        f.departed_month as month,
        f.transit_hours as transit,
        count(*) as n,
        count(*) filter (where f.alarmed) as alarmed,
        count(*) filter (where f.incomplete) as incomplete,
        sum(f.out_minutes) as outofrange,
        sum(f.logged_minutes) as logged
      from shipment_figures f
      where f.company_id in (${sql.join(companies.map((id) => sql.lit(id)))})
        and f.departed is not null and f.departed >= ${period.from} and f.departed < ${period.to}
      group by ${route}, f.departed_month, f.transit_hours
    ),
    sets as (
      select origin, destination, carrier, to_char(month, 'YYYY-MM') as month, transit, n, alarmed, incomplete, outofrange, logged
      from cells
      union all
      select origin, destination, carrier, null, transit, n, alarmed, incomplete, outofrange, logged
      from cells
    ),
    ranked as (
      select *,
        sum(case when transit is null then 0 else n end)
          over (partition by origin, destination, carrier, month) as timed,
        sum(case when transit is null then 0 else n end)
          over (partition by origin, destination, carrier, month order by transit nulls last rows unbounded preceding) as upto
      from sets
    )
    select origin, destination, carrier, month,
      sum(n)::int as shipments,
      sum(alarmed)::int as alarmed,
      sum(incomplete)::int as incomplete,
      sum(outofrange)::float8 as outofrange,
      sum(logged)::float8 as logged,
      ((min(transit) filter (where upto > floor((timed - 1) / 2.0)))
        + (min(transit) filter (where upto > ceil((timed - 1) / 2.0))))::float8 / 2 as median
    from ranked
    group by origin, destination, carrier, month
  `;
  // The cells' hash table is small when trips share durations, but a company whose every
  // shipment has its own transit time folds into a cell per shipment: 180,000 of them would
  // pass the default 4 MB and go to disk. Local to this transaction.
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
