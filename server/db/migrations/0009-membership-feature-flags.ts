import { type Kysely, sql } from "kysely";

/**
 * Feature flags move from the person to the membership: a flag held
 * by a person used to follow them into every company where they had any role, so a
 * sub-handler elsewhere could create API keys or required custom fields there.
 *
 * Copying each person's flags onto every membership would carry the bug over, so a
 * membership gets them only where the grant's intent is not in doubt:
 * - the person holds that one membership (their flags can only have been meant for it), or
 * - the person administers that company (administrator, distributorAdmin, systemAdmin).
 * Other memberships of people in several companies start without flags; that company's
 * grant has to be given again. users.feature_flags is left as it was (read by nothing any
 * more) so that `down` loses nothing.
 */
export async function up<DB>(db: Kysely<DB>): Promise<void> {
  await sql`alter table user_roles add column feature_flags jsonb not null default '{}'`.execute(db);
  await sql`
    update user_roles ur
    set feature_flags = u.feature_flags
    from users u
    where u.id = ur.user_id
      and u.feature_flags <> '{}'::jsonb
      and (
        ur.types && array['administrator', 'distributorAdmin', 'systemAdmin']::text[]
        or (select count(*) from user_roles other where other.user_id = ur.user_id) = 1
      )`.execute(db);
}

export async function down<DB>(db: Kysely<DB>): Promise<void> {
  await sql`alter table user_roles drop column if exists feature_flags`.execute(db);
}
