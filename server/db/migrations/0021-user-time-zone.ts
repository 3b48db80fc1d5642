import { type Kysely, sql } from "kysely";

/**
 * A person's own time zone, for the times in their alert e-mails.
 * The dashboard keeps the preference in local storage (spec: preferences) and copies it
 * here; null: never chosen, the e-mail uses the zone of the company it comes through.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column time_zone text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users drop column time_zone`.execute(db);
}
