import { type Kysely, sql } from "kysely";

/**
 * Codes that guard a change of sign-in method (docs/security.md): a proof code
 * e-mailed to the account's address, and a new phone number waiting for the code
 * sent to it. One of each per person; only their hash is kept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table credential_codes (
      user_id uuid not null references users(id) on delete cascade,
      purpose text not null check (purpose in ('email-proof', 'phone-change')),
      phone text,
      code_hash text not null,
      failed_attempts integer not null default 0,
      created timestamptz not null default now(),
      expires timestamptz not null,
      primary key (user_id, purpose)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists credential_codes`.execute(db);
}
