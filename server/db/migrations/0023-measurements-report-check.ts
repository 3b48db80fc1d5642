import { type Kysely, sql } from "kysely";

/**
 * The foreign key of measurements.report_id checked once per statement instead of once
 * per row (in the profile of an ingest request, the foreign key's
 * row-level trigger, one `SELECT … FOR KEY SHARE` on the report per reading, took a third
 * of a 10,000-reading insert). PostgreSQL has no statement-level foreign key, so it is
 * two statement-level triggers over transition tables, with the key's meaning kept:
 * - an insert or update whose report does not exist fails with foreign_key_violation
 *   (23503), and the reports it names are locked FOR KEY SHARE as the key locked them,
 *   so a report cannot be deleted under readings being added;
 * - deleting a report deletes its readings (the key's ON DELETE CASCADE).
 * Like the key's own triggers they are skipped under session_replication_role = replica
 * (the seed's bulk loads, which write reports before their readings).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table measurements drop constraint measurements_report_id_fkey`.execute(db);
  await sql`
    create function measurements_check_report() returns trigger language plpgsql as $fn$
    declare
      missing uuid;
    begin
      perform 1 from label_reports r where r.id in (select distinct report_id from new_rows) for key share of r;
      select d.report_id into missing
        from (select distinct report_id from new_rows) d
        where not exists (select 1 from label_reports r where r.id = d.report_id)
        limit 1;
      if found then
        raise exception 'insert or update on table "measurements" violates foreign key constraint "measurements_report_id_fkey"'
          using errcode = 'foreign_key_violation',
                detail = format('Key (report_id)=(%s) is not present in table "label_reports".', missing),
                table = 'measurements', constraint = 'measurements_report_id_fkey';
      end if;
      return null;
    end
    $fn$`.execute(db);
  await sql`create trigger measurements_check_report_insert after insert on measurements
    referencing new table as new_rows for each statement execute function measurements_check_report()`.execute(db);
  await sql`create trigger measurements_check_report_update after update on measurements
    referencing new table as new_rows for each statement execute function measurements_check_report()`.execute(db);
  await sql`
    create function label_reports_delete_measurements() returns trigger language plpgsql as $fn$
    begin
      delete from measurements m using old_rows o where m.report_id = o.id;
      return null;
    end
    $fn$`.execute(db);
  await sql`create trigger label_reports_delete_measurements after delete on label_reports
    referencing old table as old_rows for each statement execute function label_reports_delete_measurements()`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists label_reports_delete_measurements on label_reports`.execute(db);
  await sql`drop function if exists label_reports_delete_measurements()`.execute(db);
  await sql`drop trigger if exists measurements_check_report_update on measurements`.execute(db);
  await sql`drop trigger if exists measurements_check_report_insert on measurements`.execute(db);
  await sql`drop function if exists measurements_check_report()`.execute(db);
  await sql`alter table measurements add constraint measurements_report_id_fkey
    foreign key (report_id) references label_reports(id) on delete cascade`.execute(db);
}
