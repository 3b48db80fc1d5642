import { type Kysely, sql } from "kysely";

/**
 * Chart rollups: min/max/count of a report's readings per fixed time bucket at two
 * levels (15 minutes and 4 hours; buckets aligned to the epoch), so that the chart
 * series of a 500,000-reading report reads a few thousand rows instead of every
 * reading (server/reports/series.ts). No 1-minute level: at
 * the usual 5-minute interval it would hold a row per reading and double the cost of
 * every insert; windows too short for 15-minute buckets are aggregated from the
 * readings themselves (at most about 10 days of readings).
 *
 * Kept by statement-level triggers on measurements, so every insert path (the seed's
 * bulk inserts, uploads, tests) keeps them right without knowing about them: inserted
 * readings are aggregated and merged into their buckets (min of minima, sum of counts);
 * after a delete or an update the buckets it touched are recomputed from the readings
 * (a minimum cannot be taken back). ENABLE ALWAYS: the
 * seed's bulk loads run with session_replication_role = replica, which would
 * otherwise skip the triggers.
 */
export const ROLLUP_LEVELS_SECONDS = [900, 14_400] as const;

/** How the aggregates of new readings merge into a stored bucket (minima of minima, sums of counts). */
export const ROLLUP_MERGE = sql`
      on conflict (report_id, level_seconds, bucket) do update set
        first_t = least(r.first_t, excluded.first_t),
        last_t = greatest(r.last_t, excluded.last_t),
        n = r.n + excluded.n,
        temperature_min = least(r.temperature_min, excluded.temperature_min),
        temperature_max = greatest(r.temperature_max, excluded.temperature_max),
        humidity_min = least(r.humidity_min, excluded.humidity_min),
        humidity_max = greatest(r.humidity_max, excluded.humidity_max),
        battery_sum = coalesce(r.battery_sum + excluded.battery_sum, r.battery_sum, excluded.battery_sum),
        battery_n = r.battery_n + excluded.battery_n`;

/** The insert trigger's function: each level grouped from the inserted readings (0024 replaces it). */
export async function createRollupInsertFunction(db: Kysely<unknown>): Promise<void> {
  const levels = sql.raw(ROLLUP_LEVELS_SECONDS.map((w) => `(${w})`).join(", "));
  await sql`
    create or replace function measurements_rollup_inserted() returns trigger language plpgsql as $fn$
    begin
      insert into measurement_rollups as r (report_id, level_seconds, bucket, first_t, last_t, n,
          temperature_min, temperature_max, humidity_min, humidity_max, battery_sum, battery_n)
        select m.report_id, l.w, to_timestamp(floor(extract(epoch from m.t) / l.w) * l.w),
               min(m.t), max(m.t), count(*)::integer,
               min(m.temperature), max(m.temperature), min(m.humidity), max(m.humidity),
               sum(m.battery), count(m.battery)::integer
        from changed_rows m cross join (values ${levels}) as l(w)
        group by m.report_id, l.w, 3
      ${ROLLUP_MERGE};
      return null;
    end
    $fn$`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table measurement_rollups (
      report_id uuid not null references label_reports(id) on delete cascade,
      level_seconds integer not null,
      bucket timestamptz not null,
      first_t timestamptz not null,
      last_t timestamptz not null,
      n integer not null,
      temperature_min real,
      temperature_max real,
      humidity_min real,
      humidity_max real,
      battery_sum double precision,
      battery_n integer not null,
      primary key (report_id, level_seconds, bucket)
    )`.execute(db);

  const levels = sql.raw(ROLLUP_LEVELS_SECONDS.map((w) => `(${w})`).join(", "));
  // Given each report's span of changed readings, recompute every bucket of every level
  // that overlaps it (delete, then insert what the readings now hold).
  const ranges = sql`
    select s.report_id, l.w,
           to_timestamp(floor(extract(epoch from s.lo) / l.w) * l.w) as lo,
           to_timestamp(floor(extract(epoch from s.hi) / l.w) * l.w + l.w) as hi
    from unnest(p_report, p_from, p_to) as s(report_id, lo, hi) cross join (values ${levels}) as l(w)`;
  await sql`
    create function refresh_measurement_rollups(p_report uuid[], p_from timestamptz[], p_to timestamptz[])
    returns void language plpgsql as $fn$
    begin
      delete from measurement_rollups r using (${ranges}) g
        where r.report_id = g.report_id and r.level_seconds = g.w and r.bucket >= g.lo and r.bucket < g.hi;
      insert into measurement_rollups (report_id, level_seconds, bucket, first_t, last_t, n,
          temperature_min, temperature_max, humidity_min, humidity_max, battery_sum, battery_n)
        select m.report_id, g.w, to_timestamp(floor(extract(epoch from m.t) / g.w) * g.w),
               min(m.t), max(m.t), count(*)::integer,
               min(m.temperature), max(m.temperature), min(m.humidity), max(m.humidity),
               sum(m.battery), count(m.battery)::integer
        from (${ranges}) g
        join measurements m on m.report_id = g.report_id and m.t >= g.lo and m.t < g.hi
        group by m.report_id, g.w, 3;
    end
    $fn$`.execute(db);

  // Inserts only add readings: their aggregates merge into the stored buckets.
  await createRollupInsertFunction(db);
  // Deletes see their rows as changed_rows; updates both old and new rows.
  await sql`
    create function measurements_rollup_changed() returns trigger language plpgsql as $fn$
    begin
      perform refresh_measurement_rollups(array_agg(report_id), array_agg(lo), array_agg(hi))
        from (select report_id, min(t) as lo, max(t) as hi from changed_rows group by report_id) s;
      return null;
    end
    $fn$`.execute(db);
  await sql`
    create function measurements_rollup_updated() returns trigger language plpgsql as $fn$
    begin
      perform refresh_measurement_rollups(array_agg(report_id), array_agg(lo), array_agg(hi))
        from (select report_id, min(t) as lo, max(t) as hi
              from (select report_id, t from old_rows union all select report_id, t from new_rows) u
              group by report_id) s;
      return null;
    end
    $fn$`.execute(db);
  await sql`create trigger measurements_rollup_insert after insert on measurements
    referencing new table as changed_rows for each statement execute function measurements_rollup_inserted()`.execute(
    db,
  );
  await sql`create trigger measurements_rollup_delete after delete on measurements
    referencing old table as changed_rows for each statement execute function measurements_rollup_changed()`.execute(
    db,
  );
  await sql`create trigger measurements_rollup_update after update on measurements
    referencing old table as old_rows new table as new_rows
    for each statement execute function measurements_rollup_updated()`.execute(db);
  for (const name of ["measurements_rollup_insert", "measurements_rollup_delete", "measurements_rollup_update"]) {
    await sql`alter table measurements enable always trigger ${sql.raw(name)}`.execute(db);
  }

  // Readings stored before this migration.
  await sql`
    select refresh_measurement_rollups(array_agg(report_id), array_agg(lo), array_agg(hi))
    from (select report_id, min(t) as lo, max(t) as hi from measurements group by report_id) s`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger measurements_rollup_update on measurements`.execute(db);
  await sql`drop trigger measurements_rollup_delete on measurements`.execute(db);
  await sql`drop trigger measurements_rollup_insert on measurements`.execute(db);
  await sql`drop function measurements_rollup_updated()`.execute(db);
  await sql`drop function measurements_rollup_changed()`.execute(db);
  await sql`drop function measurements_rollup_inserted()`.execute(db);
  await sql`drop function refresh_measurement_rollups(uuid[], timestamptz[], timestamptz[])`.execute(db);
  await sql`drop table measurement_rollups`.execute(db);
}
