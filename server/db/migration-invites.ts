import type { Db } from "./index";

/** Deletes one migration invitation; answers what it was (for the audit), or undefined when there was none. */
export function deleteMigrationInvite(db: Db, id: string) {
  return db
    .deleteFrom("migrationInvites")
    .where("id", "=", id)
    .returning(["id", "email", "companyId"])
    .executeTakeFirst();
}
