import { type Kysely, sql } from "kysely";

/**
 * The audit trail cannot be changed:
 * - UPDATE and DELETE on `audit_log` are refused by a trigger, for every role of the
 *   application; what it records is never rewritten, only added to.
 * - Its people are kept by name as they were when they acted (`actor_first_name`,
 *   `actor_last_name`, `actor_email`, and the support person's name), filled in by the
 *   database on insert from `users`: a removed person still reads as who they were. The
 *   foreign keys that set the ids to null when a person or a company was removed are
 *   dropped, since setting them was itself a change of the trail; the ids stay as they were.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table audit_log
      add column actor_first_name text,
      add column actor_last_name text,
      add column actor_email text,
      add column impersonator_first_name text,
      add column impersonator_last_name text`.execute(db);
  await sql`
    update audit_log a set actor_first_name = u.first_name, actor_last_name = u.last_name, actor_email = u.email
    from users u where u.id = a.actor_user_id`.execute(db);
  await sql`
    update audit_log a set impersonator_first_name = u.first_name, impersonator_last_name = u.last_name
    from users u where u.id = a.impersonator_user_id`.execute(db);
  await sql`
    alter table audit_log
      drop constraint if exists audit_log_actor_user_id_fkey,
      drop constraint if exists audit_log_impersonator_user_id_fkey,
      drop constraint if exists audit_log_company_id_fkey`.execute(db);
  await sql`
    create function audit_log_names() returns trigger language plpgsql as $$
    begin
      if new.actor_user_id is not null and new.actor_email is null then
        select first_name, last_name, email into new.actor_first_name, new.actor_last_name, new.actor_email
        from users where id = new.actor_user_id;
      end if;
      if new.impersonator_user_id is not null and new.impersonator_first_name is null then
        select first_name, last_name into new.impersonator_first_name, new.impersonator_last_name
        from users where id = new.impersonator_user_id;
      end if;
      return new;
    end $$`.execute(db);
  await sql`
    create trigger audit_log_names before insert on audit_log
    for each row execute function audit_log_names()`.execute(db);
  await sql`
    create function audit_log_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'the audit trail cannot be changed or deleted, only added to';
    end $$`.execute(db);
  await sql`
    create trigger audit_log_append_only before update or delete on audit_log
    for each row execute function audit_log_append_only()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger audit_log_append_only on audit_log`.execute(db);
  await sql`drop function audit_log_append_only()`.execute(db);
  await sql`drop trigger audit_log_names on audit_log`.execute(db);
  await sql`drop function audit_log_names()`.execute(db);
  await sql`update audit_log set actor_user_id = null where actor_user_id not in (select id from users)`.execute(db);
  await sql`
    update audit_log set impersonator_user_id = null
    where impersonator_user_id not in (select id from users)`.execute(db);
  await sql`update audit_log set company_id = null where company_id not in (select id from companies)`.execute(db);
  await sql`
    alter table audit_log
      add constraint audit_log_actor_user_id_fkey foreign key (actor_user_id) references users(id) on delete set null,
      add constraint audit_log_impersonator_user_id_fkey foreign key (impersonator_user_id) references users(id) on delete set null,
      add constraint audit_log_company_id_fkey foreign key (company_id) references companies(id) on delete set null`.execute(
    db,
  );
  await sql`
    alter table audit_log
      drop column impersonator_last_name, drop column impersonator_first_name,
      drop column actor_email, drop column actor_last_name, drop column actor_first_name`.execute(db);
}
