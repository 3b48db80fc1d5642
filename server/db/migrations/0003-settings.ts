import { type Kysely, sql } from "kysely";

// Settings: API keys listed per company, custom fields ordered and dated,
// notification settings read per company.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index api_keys_company_created on api_keys (company_id, created desc)`.execute(db);
  await sql`alter table custom_fields add column updated timestamptz not null default now()`.execute(db);
  await sql`create index notification_settings_company on notification_settings (company_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists notification_settings_company`.execute(db);
  await sql`alter table custom_fields drop column if exists updated`.execute(db);
  await sql`drop index if exists api_keys_company_created`.execute(db);
}
