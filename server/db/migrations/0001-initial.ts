import { type Kysely, sql } from "kysely";

// The first schema. Migrations are never edited after they land: add a new file.
// Identifiers are snake_case in SQL; Kysely's CamelCasePlugin maps them to camelCase.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);

  await sql`
    create table companies (
      id uuid primary key default gen_random_uuid(),
      name text not null,
      type text not null check (type in ('operator', 'distributor', 'customer')),
      parent_id uuid references companies(id) on delete restrict,
      time_zone text not null default 'utc',
      temperature_unit text not null default 'celsius' check (temperature_unit in ('celsius', 'fahrenheit')),
      logo_initial text,
      addresses jsonb not null default '[]',
      billing jsonb not null default '{}',
      city text,
      country text,
      created timestamptz not null default now(),
      updated timestamptz not null default now()
    )`.execute(db);
  await sql`create index companies_parent_created on companies (parent_id, created desc, id desc)`.execute(db);
  await sql`create index companies_created on companies (created desc, id desc)`.execute(db);
  await sql`create index companies_name_trgm on companies using gin (name gin_trgm_ops)`.execute(db);

  await sql`
    create table users (
      id uuid primary key default gen_random_uuid(),
      email text not null,
      first_name text not null default '',
      last_name text not null default '',
      phone text,
      password_hash text,
      feature_flags jsonb not null default '{}',
      time_joined timestamptz not null default now(),
      created timestamptz not null default now(),
      updated timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index users_email on users (lower(email))`.execute(db);
  await sql`create unique index users_phone on users (phone) where phone is not null`.execute(db);

  // One row per user and company, holding the list of role names (currentUserRole.type).
  await sql`
    create table user_roles (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users(id) on delete cascade,
      company_id uuid not null references companies(id) on delete cascade,
      types text[] not null check (cardinality(types) > 0),
      created timestamptz not null default now(),
      updated timestamptz not null default now(),
      unique (user_id, company_id)
    )`.execute(db);
  await sql`create index user_roles_company_created on user_roles (company_id, created desc, id desc)`.execute(db);

  // Company role tokens (spec: currentUserRoleToken + currentUserRoleJWT): the secret's hash only.
  await sql`
    create table role_tokens (
      id uuid primary key default gen_random_uuid(),
      user_role_id uuid not null references user_roles(id) on delete cascade,
      secret_hash text not null,
      session_handle text,
      impersonator_user_id uuid references users(id) on delete cascade,
      created timestamptz not null default now(),
      expires timestamptz not null,
      revoked timestamptz
    )`.execute(db);

  await sql`
    create table signing_keys (
      kid text primary key,
      alg text not null,
      private_jwk jsonb not null,
      public_jwk jsonb not null,
      created timestamptz not null default now(),
      retired timestamptz
    )`.execute(db);

  // Sessions of the auth protocol (refresh-token rotation with a grace window).
  await sql`
    create table sessions (
      handle text primary key,
      user_id uuid not null references users(id) on delete cascade,
      tenant_id text not null default 'public',
      refresh_hash text not null,
      previous_refresh_hash text,
      rotated timestamptz,
      payload jsonb not null default '{}',
      created timestamptz not null default now(),
      expires timestamptz not null,
      revoked timestamptz
    )`.execute(db);
  await sql`create index sessions_user on sessions (user_id)`.execute(db);
  await sql`create unique index sessions_refresh_hash on sessions (refresh_hash)`.execute(db);

  await sql`
    create table invites (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies(id) on delete cascade,
      email text not null,
      types text[] not null check (cardinality(types) > 0),
      token_hash text not null unique,
      invited_by uuid references users(id) on delete set null,
      created timestamptz not null default now(),
      expires timestamptz not null,
      accepted timestamptz,
      revoked timestamptz
    )`.execute(db);
  await sql`create index invites_company_created on invites (company_id, created desc)`.execute(db);

  await sql`
    create table migration_invites (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies(id) on delete cascade,
      email text not null,
      token_hash text not null unique,
      created timestamptz not null default now(),
      expires timestamptz not null,
      accepted timestamptz
    )`.execute(db);

  await sql`
    create table label_presets (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies(id) on delete cascade,
      name text not null,
      slug text not null,
      description text not null default '',
      temperature_enabled boolean not null default true,
      temperature_min double precision,
      temperature_max double precision,
      humidity_enabled boolean not null default false,
      humidity_min double precision,
      humidity_max double precision,
      shock_enabled boolean not null default false,
      shock_threshold_g double precision,
      alarm_delay_minutes integer not null default 0,
      alarm_type text not null default 'single' check (alarm_type in ('single', 'cumulative')),
      interval_minutes integer not null default 5 check (interval_minutes between 1 and 120),
      start_delay_minutes integer not null default 0,
      battery_warning_level integer not null default 20,
      is_archived boolean not null default false,
      created_by uuid references users(id) on delete set null,
      created timestamptz not null default now(),
      updated timestamptz not null default now(),
      unique (company_id, slug)
    )`.execute(db);
  await sql`create unique index label_presets_company_name on label_presets (company_id, lower(name))`.execute(db);
  await sql`create index label_presets_company_created on label_presets (company_id, created desc, id desc)`.execute(
    db,
  );
  await sql`create index label_presets_name_trgm on label_presets using gin (name gin_trgm_ops)`.execute(db);

  // One row per labelled shipment. The per-unit verdicts are denormalised as
  // columns so the list can filter and order on them; the detail is in summary.
  await sql`
    create table label_reports (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies(id) on delete cascade,
      preset_id uuid references label_presets(id) on delete set null,
      label_id text not null,
      reference text not null default '',
      status text not null check (status in ('notStarted', 'recording', 'stopped', 'ended')),
      origin text not null default '',
      destination text not null default '',
      transport_mode text not null default 'truck' check (transport_mode in ('truck', 'train', 'plane', 'boat')),
      is_archived boolean not null default false,
      created timestamptz not null default now(),
      start_time timestamptz,
      end_time timestamptz,
      interval_minutes integer not null default 5,
      trim_start timestamptz,
      trim_end timestamptz,
      reading_count integer not null default 0,
      temperature_violation boolean not null default false,
      humidity_violation boolean not null default false,
      shock_violation boolean not null default false,
      battery_low boolean not null default false,
      summary jsonb not null default '{}',
      custom_fields jsonb not null default '{}',
      updated timestamptz not null default now()
    )`.execute(db);
  // The default list: company, not archived, newest first (id breaks ties for keyset paging).
  await sql`create index label_reports_company_archived_created on label_reports (company_id, is_archived, created desc, id desc)`.execute(
    db,
  );
  await sql`create index label_reports_label_trgm on label_reports using gin (label_id gin_trgm_ops)`.execute(db);
  await sql`create index label_reports_preset on label_reports (preset_id)`.execute(db);

  await sql`
    create table measurements (
      report_id uuid not null references label_reports(id) on delete cascade,
      t timestamptz not null,
      temperature real,
      humidity real,
      battery real,
      primary key (report_id, t)
    )`.execute(db);

  await sql`
    create table shock_events (
      id uuid primary key default gen_random_uuid(),
      report_id uuid not null references label_reports(id) on delete cascade,
      t timestamptz not null,
      magnitude_g real not null
    )`.execute(db);
  await sql`create index shock_events_report on shock_events (report_id, t)`.execute(db);

  await sql`
    create table custom_fields (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies(id) on delete cascade,
      key text not null,
      name text not null,
      type text not null check (type in ('text', 'number', 'date', 'select')),
      options jsonb not null default '[]',
      required boolean not null default false,
      created timestamptz not null default now(),
      unique (company_id, key)
    )`.execute(db);

  await sql`
    create table api_keys (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies(id) on delete cascade,
      created_by uuid references users(id) on delete set null,
      name text not null,
      prefix text not null,
      key_hash text not null unique,
      created timestamptz not null default now(),
      last_used timestamptz,
      revoked timestamptz
    )`.execute(db);

  await sql`
    create table notification_settings (
      user_id uuid not null references users(id) on delete cascade,
      company_id uuid not null references companies(id) on delete cascade,
      excursion_detected boolean not null default true,
      report_finished boolean not null default false,
      battery_low boolean not null default true,
      updated timestamptz not null default now(),
      primary key (user_id, company_id)
    )`.execute(db);

  // Who changed what, when and why (old -> new); impersonated requests name both people.
  await sql`
    create table audit_log (
      id bigint generated always as identity primary key,
      at timestamptz not null default now(),
      actor_user_id uuid references users(id) on delete set null,
      impersonator_user_id uuid references users(id) on delete set null,
      company_id uuid references companies(id) on delete set null,
      action text not null,
      entity text not null,
      entity_id text,
      before jsonb,
      after jsonb,
      reason text
    )`.execute(db);
  await sql`create index audit_log_entity on audit_log (entity, entity_id, at desc)`.execute(db);

  // Mail goes here when no SMTP server is configured, so the demo works offline.
  await sql`
    create table outbox (
      id bigint generated always as identity primary key,
      created timestamptz not null default now(),
      recipient text not null,
      subject text not null,
      text text not null,
      html text,
      sent timestamptz
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "outbox",
    "audit_log",
    "notification_settings",
    "api_keys",
    "custom_fields",
    "shock_events",
    "measurements",
    "label_reports",
    "label_presets",
    "migration_invites",
    "invites",
    "sessions",
    "signing_keys",
    "role_tokens",
    "user_roles",
    "users",
    "companies",
  ]) {
    await sql`drop table if exists ${sql.table(table)} cascade`.execute(db);
  }
}
