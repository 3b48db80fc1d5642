import { type Kysely, sql } from "kysely";

/**
 * Counters that protect sign-in, downloads and captures (server/auth/counter-store.ts),
 * shared by every server process and instance on the database: counted in one process
 * each, N processes would give an attacker N times the budget. `count` is the hits in
 * the window ending at `reset_at` (or the failures in a row for a backoff key);
 * `blocked_until` is the end of a backoff wait. Times are epoch milliseconds so tests
 * can move their own clock; rows past both times are pruned now and then.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table rate_counters (
    key text primary key,
    count integer not null,
    reset_at bigint not null,
    blocked_until bigint not null default 0
  )`.execute(db);
  await sql`create index rate_counters_reset_at on rate_counters (reset_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists rate_counters`.execute(db);
}
