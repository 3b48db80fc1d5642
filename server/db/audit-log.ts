import type { Db } from "./index";

/** Reading the audit trail; entries are written by recordAudit (server/audit.ts), in the change's transaction. */

/**
 * The entries about one record, newest first, with the people as they were when they acted
 * (migration 0031 keeps their names on the entry: a person removed or renamed since still
 * reads as who acted). Support acting through impersonation comes with the operator's name,
 * never their e-mail.
 */
export function auditTrailOf(db: Db, entity: string, entityId: string) {
  return db
    .selectFrom("auditLog as a")
    .select([
      "a.id",
      "a.at",
      "a.action",
      "a.before",
      "a.after",
      "a.reason",
      "a.actorEmail",
      "a.actorFirstName as firstName",
      "a.actorLastName as lastName",
      "a.impersonatorUserId",
      "a.impersonatorFirstName as operatorFirstName",
      "a.impersonatorLastName as operatorLastName",
    ])
    .where("a.entity", "=", entity)
    .where("a.entityId", "=", entityId)
    .orderBy("a.at", "desc")
    .orderBy("a.id", "desc")
    .execute();
}
