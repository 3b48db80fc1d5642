import { type Kysely, sql } from "kysely";

/**
 * A field made required binds the reports registered from then on, not the ones before it
 *: an old report's other values must stay savable without a value nobody asked
 * for when it was registered. `required_since` is when the field last became required (null
 * while it is optional); fields required today count from their creation.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table custom_fields add column required_since timestamptz`.execute(db);
  await sql`update custom_fields set required_since = created where required`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table custom_fields drop column required_since`.execute(db);
}
