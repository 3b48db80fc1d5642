import { type Kysely, sql } from "kysely";
import { toE164 } from "../../../core/domain/phone";

/**
 * Phone numbers were stored as typed ("+49 69 5550 1001") and compared with the E.164
 * form the sign-in form sends, so sign-in by phone found no one. Every number
 * becomes E.164. One that does not parse, or whose E.164 form another account already
 * holds (the unique index), stays as it is and is logged with the account's id, for
 * support to fix by hand; the person can still sign in by e-mail.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ id: string; phone: string }>`
    select id, phone from users where phone is not null order by id`.execute(db);
  const taken = new Set(rows.map((r) => r.phone));
  for (const row of rows) {
    const e164 = toE164(row.phone);
    if (e164 === row.phone) continue;
    if (e164 === null || taken.has(e164)) {
      console.warn(
        `Migration 0020-phone-e164: user ${row.id} keeps phone "${row.phone}": ${e164 === null ? "not a valid number" : "its E.164 form belongs to another account"}`,
      );
      continue;
    }
    await sql`update users set phone = ${e164} where id = ${row.id}`.execute(db);
    taken.delete(row.phone);
    taken.add(e164);
  }
}

/** Nothing to undo: E.164 is a valid stored form for the code before this migration too. */
export async function down(): Promise<void> {}
