import { sql } from "kysely";
import type { Db } from "../../../server/db/index";

/**
 * Makes the audit entries of one action fail to be written, as a full disk or a dropped
 * connection would at that moment (a trigger that raises); answers the undo. Each test
 * file has its own database, so no other file meets the trigger.
 */
export async function failAuditEntries(db: Db, action: string): Promise<() => Promise<void>> {
  await sql`create or replace function test_fail_audit() returns trigger language plpgsql as $$
    begin
      if new.action = tg_argv[0] then raise exception 'audit entry refused by the test'; end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger test_fail_audit before insert on audit_log
    for each row execute function test_fail_audit(${sql.lit(action)})`.execute(db);
  return async () => {
    await sql`drop trigger test_fail_audit on audit_log`.execute(db);
  };
}
