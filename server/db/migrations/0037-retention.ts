import { type Kysely, sql } from "kysely";

/**
 * Physical deletion only through the retention setting (RETENTION_YEARS, off by default;
 * server/reports/retention.ts). The append-only triggers of the audit trail (0031) and of
 * the signatures (0029) let a DELETE through only inside a transaction that declared itself
 * the retention pass (`set local coldchain.retention = 'on'`): no other code path of the
 * application can remove a signature or an entry of the trail, and an UPDATE stays refused
 * as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function audit_log_append_only() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' and current_setting('coldchain.retention', true) = 'on' then
        return old;
      end if;
      raise exception 'the audit trail cannot be changed or deleted, only added to';
    end $$`.execute(db);
  await sql`
    create or replace function label_report_dispositions_append_only() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' and old.superseded_at is null and new.superseded_at is not null
         and (to_jsonb(new) - 'superseded_at' - 'superseded_by') = (to_jsonb(old) - 'superseded_at' - 'superseded_by') then
        return new;
      end if;
      if tg_op = 'DELETE' and current_setting('coldchain.retention', true) = 'on' then
        return old;
      end if;
      raise exception 'a signed disposition cannot be changed or deleted, only superseded';
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function audit_log_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'the audit trail cannot be changed or deleted, only added to';
    end $$`.execute(db);
  await sql`
    create or replace function label_report_dispositions_append_only() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' and old.superseded_at is null and new.superseded_at is not null
         and (to_jsonb(new) - 'superseded_at' - 'superseded_by') = (to_jsonb(old) - 'superseded_at' - 'superseded_by') then
        return new;
      end if;
      raise exception 'a signed disposition cannot be changed or deleted, only superseded';
    end $$`.execute(db);
}
