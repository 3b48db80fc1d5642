import { type Kysely, sql } from "kysely";

// Single-use secrets of the sign-in flows: password reset tokens and passwordless codes.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table password_reset_tokens (
      token_hash text primary key,
      user_id uuid not null references users(id) on delete cascade,
      created timestamptz not null default now(),
      expires timestamptz not null,
      used timestamptz
    )`.execute(db);
  await sql`create index password_reset_tokens_user on password_reset_tokens (user_id)`.execute(db);

  // One row per passwordless device (a code request and its resends).
  await sql`
    create table passwordless_devices (
      device_id_hash text primary key,
      email text,
      phone text,
      link_salt text not null,
      code_hash text not null,
      link_code_hash text not null,
      invite_token_hash text,
      failed_attempts integer not null default 0,
      created timestamptz not null default now(),
      code_created timestamptz not null default now(),
      expires timestamptz not null,
      check ((email is null) <> (phone is null))
    )`.execute(db);
  await sql`create index passwordless_devices_email on passwordless_devices (lower(email))`.execute(db);
  await sql`create index passwordless_devices_phone on passwordless_devices (phone)`.execute(db);
  await sql`create unique index passwordless_devices_link on passwordless_devices (link_code_hash)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists passwordless_devices`.execute(db);
  await sql`drop table if exists password_reset_tokens`.execute(db);
}
