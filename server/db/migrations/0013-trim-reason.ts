import { type Kysely, sql } from "kysely";

/**
 * A trim is a reasoned decision: the report keeps the reason, who
 * set the window and when, next to the window itself. Trims set before this migration
 * get them from their latest 'trim' audit entry (the reason may be null there). A window
 * set by support while impersonating is marked, so it is never shown as the customer's own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table label_reports
    add column trim_reason text,
    add column trim_set_by uuid references users(id) on delete set null,
    add column trim_set_at timestamptz,
    add column trim_set_by_support boolean not null default false`.execute(db);
  await sql`
    update label_reports r
    set trim_reason = a.reason, trim_set_by = a.actor_user_id, trim_set_at = a.at,
      trim_set_by_support = a.impersonator_user_id is not null
    from (
      select distinct on (entity_id) entity_id, reason, actor_user_id, impersonator_user_id, at
      from audit_log
      where entity = 'labelReport' and action = 'trim'
      order by entity_id, at desc, id desc
    ) a
    where a.entity_id = r.id::text and (r.trim_start is not null or r.trim_end is not null)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table label_reports drop column trim_reason, drop column trim_set_by, drop column trim_set_at,
    drop column trim_set_by_support`.execute(db);
}
