import { type Kysely, sql } from "kysely";

/**
 * Sessions end after inactivity and after an absolute lifetime:
 * - `companies.inactivity_sign_out_minutes`: how long a member may be idle before the
 *   dashboard signs them out and the server refuses the refresh (5–240, default 30).
 * - `sessions.last_active_at`: the last user action the dashboard reported (never later than
 *   the server's clock when it was written). Open sessions start from now, so nobody is
 *   signed out by the upgrade itself.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table companies add column inactivity_sign_out_minutes integer not null default 30
      check (inactivity_sign_out_minutes between 5 and 240)`.execute(db);
  await sql`alter table sessions add column last_active_at timestamptz not null default now()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sessions drop column last_active_at`.execute(db);
  await sql`alter table companies drop column inactivity_sign_out_minutes`.execute(db);
}
