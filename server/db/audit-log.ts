import type { Db } from "./index";

/** Reading the audit trail; entries are written by recordAudit (server/audit.ts), in the change's transaction. */

/** The entries about one record, newest first, with the acting person's name and e-mail. */
export function auditTrailOf(db: Db, entity: string, entityId: string) {
  return (
    db
      .selectFrom("auditLog as a")
      .leftJoin("users as u", "u.id", "a.actorUserId")
      // Support acting through impersonation is named to the customer (never by e-mail).
      .leftJoin("users as op", "op.id", "a.impersonatorUserId")
      .select([
        "op.firstName as operatorFirstName",
        "op.lastName as operatorLastName",
        "a.id",
        "a.at",
        "a.action",
        "a.before",
        "a.after",
        "a.reason",
        "u.email as actorEmail",
        "u.firstName",
        "u.lastName",
        "a.impersonatorUserId",
      ])
      .where("a.entity", "=", entity)
      .where("a.entityId", "=", entityId)
      .orderBy("a.at", "desc")
      .orderBy("a.id", "desc")
      .execute()
  );
}
