import { type Kysely, sql } from "kysely";

/**
 * The company's audit log (GET /audit) is read newest first by company: without this
 * index every page sorted the company's whole trail (audit_log_entity serves one record's
 * trail only). id breaks ties of the same instant, as the list's keyset does.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists audit_log_company_at on audit_log (company_id, at desc, id desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists audit_log_company_at`.execute(db);
}
