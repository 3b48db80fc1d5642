import { type Kysely, sql } from "kysely";

/**
 * A custom field can be part of a report's record: its
 * values are hashed with the readings, printed, and their edits need a reason and supersede
 * a signature. Chosen when the field is created and fixed afterwards, like its key and type:
 * turning it on or off later would change the content hash of every report already signed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table custom_fields add column part_of_record boolean not null default false`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table custom_fields drop column part_of_record`.execute(db);
}
