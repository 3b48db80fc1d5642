import { type Kysely, sql } from "kysely";

/**
 * How each person gets alerts from a company: by e-mail, by text message
 * (the e-mail-to-SMS gateway, to the phone number of their profile), or both. The
 * defaults keep what everyone had: e-mail on, text messages off.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table notification_settings
    add column by_email boolean not null default true,
    add column by_text_message boolean not null default false`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table notification_settings drop column if exists by_email, drop column if exists by_text_message`.execute(
    db,
  );
}
