import { type Kysely, sql } from "kysely";
import { createRollupInsertFunction, ROLLUP_LEVELS_SECONDS, ROLLUP_MERGE } from "./0005-measurement-rollups";

/**
 * The insert trigger of the chart rollups (0005) grouped every inserted reading once per
 * level. It now groups them once, into the finest level's buckets (`date_bin`), and builds
 * the coarser levels from those buckets: each coarser bucket is a whole number of fine
 * ones (both aligned to the epoch), so min, max, counts and sums come out the same. After
 * the foreign-key check (0023) this trigger was the largest part of a 10,000-reading
 * insert in the profile of an ingest request.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const [fine, ...coarse] = ROLLUP_LEVELS_SECONDS;
  for (const w of coarse)
    if (w % fine !== 0) throw new Error(`Rollup level ${w} s is not a whole number of ${fine} s buckets`);
  const coarser = coarse.map(
    (w) => sql`
      union all
      select f.report_id, ${sql.lit(w)}, to_timestamp(floor(extract(epoch from f.bucket) / ${sql.lit(w)}) * ${sql.lit(w)}),
             min(f.first_t), max(f.last_t), sum(f.n)::integer,
             min(f.temperature_min), max(f.temperature_max), min(f.humidity_min), max(f.humidity_max),
             sum(f.battery_sum), sum(f.battery_n)::integer
      from fine f group by f.report_id, 3`,
  );
  await sql`
    create or replace function measurements_rollup_inserted() returns trigger language plpgsql as $fn$
    begin
      with fine as (
        select m.report_id, date_bin(${sql.lit(`${fine} seconds`)}::interval, m.t, timestamptz '1970-01-01 00:00:00+00') as bucket,
               min(m.t) as first_t, max(m.t) as last_t, count(*)::integer as n,
               min(m.temperature) as temperature_min, max(m.temperature) as temperature_max,
               min(m.humidity) as humidity_min, max(m.humidity) as humidity_max,
               sum(m.battery) as battery_sum, count(m.battery)::integer as battery_n
        from changed_rows m
        group by m.report_id, 2
      )
      insert into measurement_rollups as r (report_id, level_seconds, bucket, first_t, last_t, n,
          temperature_min, temperature_max, humidity_min, humidity_max, battery_sum, battery_n)
        select f.report_id, ${sql.lit(fine)}, f.bucket, f.first_t, f.last_t, f.n,
               f.temperature_min, f.temperature_max, f.humidity_min, f.humidity_max, f.battery_sum, f.battery_n
        from fine f
        ${sql.join(coarser, sql` `)}
      ${ROLLUP_MERGE};
      return null;
    end
    $fn$`.execute(db);
}

/** Back to 0005's trigger function: every level grouped from the readings. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await createRollupInsertFunction(db);
}
