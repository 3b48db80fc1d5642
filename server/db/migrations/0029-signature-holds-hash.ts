import { type Kysely, sql } from "kysely";

/**
 * A signature keeps what it signed (docs/decisions.md, "A signature holds its hash").
 * - `label_report_dispositions.content_hash` / `verdict`: the record's hash (without a
 *   disposition) and the verdict the signer saw; null only for signatures made before.
 * - `superseded_at` / `superseded_by`: a change to the signed record (late readings, a trim,
 *   archiving) ends the signature's standing. The one change the append-only trigger lets
 *   through is this: setting them once, every other column unchanged. A signature is never
 *   deleted either.
 * - `label_reports.signature_superseded_at`: the report's signature was superseded and
 *   nobody has signed again ("Changed after signature" in Needs attention, a list filter).
 * - `label_reports.content_hash`: the record's current hash, computed on first read and
 *   forgotten (set null) by every write that changes the record.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table label_report_dispositions
      add column content_hash text check (content_hash ~ '^[0-9a-f]{64}$'),
      add column verdict text check (verdict in ('violation', 'noData', 'incomplete', 'ok')),
      add column superseded_at timestamptz,
      add column superseded_by text,
      add constraint label_report_dispositions_superseded check ((superseded_at is null) = (superseded_by is null))`.execute(
    db,
  );
  await sql`
    create or replace function label_report_dispositions_append_only() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' and old.superseded_at is null and new.superseded_at is not null
         and (to_jsonb(new) - 'superseded_at' - 'superseded_by') = (to_jsonb(old) - 'superseded_at' - 'superseded_by') then
        return new;
      end if;
      raise exception 'a signed disposition cannot be changed or deleted, only superseded';
    end $$`.execute(db);
  await sql`
    create trigger label_report_dispositions_no_delete before delete on label_report_dispositions
    for each row execute function label_report_dispositions_append_only()`.execute(db);
  await sql`
    alter table label_reports
      add column signature_superseded_at timestamptz,
      add column content_hash text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table label_reports drop column content_hash, drop column signature_superseded_at`.execute(db);
  await sql`drop trigger if exists label_report_dispositions_no_delete on label_report_dispositions`.execute(db);
  await sql`
    create or replace function label_report_dispositions_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'a signed disposition cannot be changed, only superseded';
    end $$`.execute(db);
  await sql`
    alter table label_report_dispositions
      drop constraint label_report_dispositions_superseded,
      drop column superseded_by, drop column superseded_at, drop column verdict, drop column content_hash`.execute(db);
}
