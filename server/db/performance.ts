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
 * group for the whole period and per group and UTC month, in one pass over the shipments
 * and the stored summaries of their reports (never their readings).
 *
 * Per shipment first: its departure (planned, else its first label's start), whether any
 * label had an alarm or a violation, whether any label's data is incomplete (a shipment
 * without labels has no data: incomplete, as its verdict says), the temperature minutes
 * out of range (stored from each summary, 0047) and the minutes logged (each label's
 * evaluation window: its trim, else its start to its end or latest reading), and its transit
 * time (planned departure → arrival, else first start → last end once every label ended).
 */
export async function performanceTotals(
  db: Db,
  companies: readonly string[],
  groupBy: PerformanceGroup,
  period: Period,
): Promise<GroupTotals[]> {
  if (companies.length === 0) return [];
  const lane = groupBy === "lane";
  const { rows } = await sql<RawTotals>`
    with per_shipment as (
      select
        ${lane ? sql`s.origin` : sql`''`} as origin,
        ${lane ? sql`s.destination` : sql`''`} as destination,
        ${lane ? sql`''` : sql`s.carrier`} as carrier,
        coalesce(s.planned_departure, min(r.start_time)) as departed,
        coalesce(bool_or(
          r.temperature_violation or r.humidity_violation or r.shock_violation
          or exists (select 1 from alarms a where a.report_id = r.id)
        ), false) as alarmed,
        coalesce(bool_or(r.data_incomplete), true) as incomplete,
        coalesce(sum(r.temperature_out_minutes), 0) as out_minutes,
        -- The evaluation window: the trim, else the label's start to its end (or latest reading).
        coalesce(sum(
          extract(epoch from coalesce(r.trim_end, r.end_time, r.last_reading_at) - coalesce(r.trim_start, r.start_time))
          / 60
        ), 0) as logged_minutes,
        case
          when s.planned_departure is not null and s.planned_arrival is not null
            then extract(epoch from s.planned_arrival - s.planned_departure) / 3600
          when bool_and(r.end_time is not null)
            then extract(epoch from max(r.end_time) - min(r.start_time)) / 3600
        end as transit_hours
      from shipments s
      left join label_reports r on r.shipment_id = s.id
      where s.company_id in (${sql.join(companies.map((id) => sql.lit(id)))})
        -- Only shipments that may depart in the period: planned in it, or not planned.
        and (s.planned_departure is null or (s.planned_departure >= ${period.from} and s.planned_departure < ${period.to}))
      group by s.id
      having coalesce(s.planned_departure, min(r.start_time)) >= ${period.from}
        and coalesce(s.planned_departure, min(r.start_time)) < ${period.to}
    )
    select
      origin,
      destination,
      carrier,
      case when grouping(to_char(departed at time zone 'UTC', 'YYYY-MM')) = 0
        then to_char(departed at time zone 'UTC', 'YYYY-MM') end as month,
      count(*)::int as shipments,
      (count(*) filter (where alarmed))::int as alarmed,
      (count(*) filter (where incomplete))::int as incomplete,
      sum(out_minutes)::float8 as outofrange,
      sum(logged_minutes)::float8 as logged,
      (percentile_cont(0.5) within group (order by transit_hours))::float8 as median
    from per_shipment
    group by grouping sets (
      (origin, destination, carrier),
      (origin, destination, carrier, to_char(departed at time zone 'UTC', 'YYYY-MM'))
    )
  `.execute(db);
  return rows.map(({ outofrange, logged, median, ...row }) => ({
    ...row,
    outOfRangeMinutes: outofrange ?? 0,
    loggedMinutes: logged ?? 0,
    medianTransitHours: median,
  }));
}
