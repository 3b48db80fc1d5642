import { type Kysely, sql } from "kysely";

/**
 * API keys expire: `expires_at`, a year after creation
 * unless the administrator chooses another time or none (null). Keys made before get a
 * year from their creation, and at least 30 days from now, so no gateway stops at the
 * upgrade without warning.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table api_keys add column expires_at timestamptz default (now() + interval '1 year')`.execute(db);
  await sql`
    update api_keys set expires_at = greatest(created + interval '1 year', now() + interval '30 days')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table api_keys drop column expires_at`.execute(db);
}
