import { type Kysely, sql } from "kysely";

/**
 * Every data request made while a system administrator impersonates someone: who,
 * as whom, in which company, when, method and path, answer status. No bodies: the
 * trail says what was touched, the audit log says how it changed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table impersonation_requests (
      id bigint generated always as identity primary key,
      at timestamptz not null default now(),
      impersonator_user_id uuid references users(id) on delete set null,
      user_id uuid references users(id) on delete set null,
      company_id uuid references companies(id) on delete set null,
      method text not null,
      path text not null,
      status_code integer not null,
      duration_ms integer not null default 0
    )`.execute(db);
  await sql`create index impersonation_requests_at on impersonation_requests (at desc, id desc)`.execute(db);
  await sql`create index impersonation_requests_impersonator on impersonation_requests (impersonator_user_id, at desc)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists impersonation_requests`.execute(db);
}
