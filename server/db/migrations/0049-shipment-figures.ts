import { type Kysely, sql } from "kysely";

/**
 * Lane and carrier performance from a rollup: `shipment_figures` holds one row
 * per shipment with what the performance aggregates read (route, departure, alarm,
 * incomplete data, minutes out of range and logged, transit time), so the page's query reads
 * one narrow row per shipment of the period instead of joining every report of every
 * shipment and probing the alarms of each (8 s at p99 on the 1,000,000-report bench).
 *
 * PostgreSQL keeps it: `refresh_shipment_figures(ids)` recomputes the given shipments from
 * their row and their reports' stored summary columns (never the readings), and statement
 * triggers call it with the shipments a statement touched, whatever wrote it (ingestion, a
 * trim, the planned-end pass, attaching or detaching a label, editing a shipment, an alarm
 * raised). Statement triggers with transition tables do it set-based, so a bulk update of
 * many reports recomputes each shipment once, and a statement touching no shipment's report
 * does nothing. A deleted shipment's row goes with it (foreign key, cascade). The triggers
 * fire always, also in the seed's bulk loads (session_replication_role = replica).
 *
 * The per-shipment rules (until 0049 in the page's query) now live here only:
 * departure = planned, else its first label's start; alarmed = any label with a violation
 * or an alarm; incomplete = any label's data incomplete, or no label at all; out of range =
 * the labels' temperature minutes above + below (0047); logged = each label's evaluation
 * window (its trim, else its start to its end or latest reading); transit = planned
 * departure → arrival, else first start → last end once every label ended.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table shipment_figures (
      shipment_id uuid primary key references shipments(id) on delete cascade,
      company_id uuid not null,
      origin text not null,
      destination text not null,
      carrier text not null,
      departed timestamptz,
      alarmed boolean not null,
      incomplete boolean not null,
      out_minutes float8 not null,
      logged_minutes float8 not null,
      transit_hours float8
    )`.execute(db);
  // The page's question: a company's (or a distributor's companies') shipments departing in a
  // period, every column the aggregates read included so it is an index-only scan.
  await sql`
    create index shipment_figures_company_departed on shipment_figures (company_id, departed)
    include (origin, destination, carrier, alarmed, incomplete, out_minutes, logged_minutes, transit_hours)
    where departed is not null`.execute(db);

  await sql`
    create function refresh_shipment_figures(ids uuid[]) returns void language plpgsql as $$
    begin
      -- Most statements touch no shipment's report (ingestion into a label of none): nothing to do.
      if coalesce(cardinality(ids), 0) = 0 then
        return;
      end if;
      insert into shipment_figures as f (shipment_id, company_id, origin, destination, carrier, departed,
        alarmed, incomplete, out_minutes, logged_minutes, transit_hours)
      select
        s.id, s.company_id, s.origin, s.destination, s.carrier,
        coalesce(s.planned_departure, min(r.start_time)),
        coalesce(bool_or(
          r.temperature_violation or r.humidity_violation or r.shock_violation
          or exists (select 1 from alarms a where a.report_id = r.id)
        ), false),
        coalesce(bool_or(r.data_incomplete), true),
        coalesce(sum(r.temperature_out_minutes), 0),
        coalesce(sum(
          extract(epoch from coalesce(r.trim_end, r.end_time, r.last_reading_at) - coalesce(r.trim_start, r.start_time))
          / 60
        ), 0),
        case
          when s.planned_departure is not null and s.planned_arrival is not null
            then extract(epoch from s.planned_arrival - s.planned_departure) / 3600
          when bool_and(r.end_time is not null)
            then extract(epoch from max(r.end_time) - min(r.start_time)) / 3600
        end
      from shipments s
      left join label_reports r on r.shipment_id = s.id
      where s.id = any(ids)
      group by s.id
      on conflict (shipment_id) do update set
        company_id = excluded.company_id, origin = excluded.origin, destination = excluded.destination,
        carrier = excluded.carrier, departed = excluded.departed, alarmed = excluded.alarmed,
        incomplete = excluded.incomplete, out_minutes = excluded.out_minutes,
        logged_minutes = excluded.logged_minutes, transit_hours = excluded.transit_hours;
    end $$`.execute(db);

  // One trigger function per transition-table shape: the shipments of the new rows, of the
  // old rows, or of both (an update may move a report from one shipment to another).
  await sql`
    create function shipment_figures_of_new() returns trigger language plpgsql as $$
    begin
      if tg_table_name = 'shipments' then
        perform refresh_shipment_figures(array(select id from new_rows));
      elsif tg_table_name = 'alarms' then
        perform refresh_shipment_figures(array(
          select distinct r.shipment_id from new_rows a join label_reports r on r.id = a.report_id
          where r.shipment_id is not null));
      else
        perform refresh_shipment_figures(array(
          select distinct shipment_id from new_rows where shipment_id is not null));
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create function shipment_figures_of_old() returns trigger language plpgsql as $$
    begin
      if tg_table_name = 'alarms' then
        perform refresh_shipment_figures(array(
          select distinct r.shipment_id from old_rows a join label_reports r on r.id = a.report_id
          where r.shipment_id is not null));
      else
        perform refresh_shipment_figures(array(
          select distinct shipment_id from old_rows where shipment_id is not null));
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create function shipment_figures_of_changed() returns trigger language plpgsql as $$
    begin
      perform refresh_shipment_figures(array(
        select shipment_id from new_rows where shipment_id is not null
        union
        select shipment_id from old_rows where shipment_id is not null));
      return null;
    end $$`.execute(db);

  // label_reports: a label registered on, moved between, detached from or deleted off a
  // shipment, and every change to its summary columns (readings, trim, end).
  await sql`
    create trigger label_reports_shipment_figures_insert after insert on label_reports
    referencing new table as new_rows for each statement execute function shipment_figures_of_new()`.execute(db);
  await sql`
    create trigger label_reports_shipment_figures_update after update on label_reports
    referencing old table as old_rows new table as new_rows
    for each statement execute function shipment_figures_of_changed()`.execute(db);
  await sql`
    create trigger label_reports_shipment_figures_delete after delete on label_reports
    referencing old table as old_rows for each statement execute function shipment_figures_of_old()`.execute(db);
  // shipments: a new shipment (counted even without labels) and an edited route or plan.
  await sql`
    create trigger shipments_figures_insert after insert on shipments
    referencing new table as new_rows for each statement execute function shipment_figures_of_new()`.execute(db);
  await sql`
    create trigger shipments_figures_update after update on shipments
    referencing new table as new_rows for each statement execute function shipment_figures_of_new()`.execute(db);
  // alarms: a label's first alarm makes its shipment alarmed (and deleting it may not).
  await sql`
    create trigger alarms_shipment_figures_insert after insert on alarms
    referencing new table as new_rows for each statement execute function shipment_figures_of_new()`.execute(db);
  await sql`
    create trigger alarms_shipment_figures_delete after delete on alarms
    referencing old table as old_rows for each statement execute function shipment_figures_of_old()`.execute(db);

  // ENABLE ALWAYS, like the chart rollups' (0005): the seed's bulk loads run with
  // session_replication_role = replica, which would otherwise skip them.
  for (const [table, trigger] of [
    ["label_reports", "label_reports_shipment_figures_insert"],
    ["label_reports", "label_reports_shipment_figures_update"],
    ["label_reports", "label_reports_shipment_figures_delete"],
    ["shipments", "shipments_figures_insert"],
    ["shipments", "shipments_figures_update"],
    ["alarms", "alarms_shipment_figures_insert"],
    ["alarms", "alarms_shipment_figures_delete"],
  ] as const)
    await sql`alter table ${sql.table(table)} enable always trigger ${sql.ref(trigger)}`.execute(db);

  // Every shipment there is today.
  await sql`select refresh_shipment_figures(array(select id from shipments))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists alarms_shipment_figures_delete on alarms`.execute(db);
  await sql`drop trigger if exists alarms_shipment_figures_insert on alarms`.execute(db);
  await sql`drop trigger if exists shipments_figures_update on shipments`.execute(db);
  await sql`drop trigger if exists shipments_figures_insert on shipments`.execute(db);
  await sql`drop trigger if exists label_reports_shipment_figures_delete on label_reports`.execute(db);
  await sql`drop trigger if exists label_reports_shipment_figures_update on label_reports`.execute(db);
  await sql`drop trigger if exists label_reports_shipment_figures_insert on label_reports`.execute(db);
  await sql`drop function if exists shipment_figures_of_changed()`.execute(db);
  await sql`drop function if exists shipment_figures_of_old()`.execute(db);
  await sql`drop function if exists shipment_figures_of_new()`.execute(db);
  await sql`drop function if exists refresh_shipment_figures(uuid[])`.execute(db);
  await sql`drop table if exists shipment_figures`.execute(db);
}
