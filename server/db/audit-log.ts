import { sql } from "kysely";
import type { ColumnMap } from "../lists/compile";
import type { Db } from "./index";

/** Reading the audit trail; entries are written by recordAudit (server/audit.ts), in the change's transaction. */

/** What every reading of an entry shows: the change and who made it, as kept on the entry. */
export const ENTRY_COLUMNS = [
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
] as const;

/**
 * The entries about one record, newest first, with the people as they were when they acted
 * (migration 0031 keeps their names on the entry: a person removed or renamed since still
 * reads as who acted). Support acting through impersonation comes with the operator's name,
 * never their e-mail.
 */
export function auditTrailOf(db: Db, entity: string, entityId: string) {
  return db
    .selectFrom("auditLog as a")
    .select(ENTRY_COLUMNS)
    .where("a.entity", "=", entity)
    .where("a.entityId", "=", entityId)
    .orderBy("a.at", "desc")
    .orderBy("a.id", "desc")
    .execute();
}

/**
 * The audit log list's keys as SQL (core/domain/resources.ts, "audit"). `actor` searches
 * the names and e-mail kept on the entry, and the support person's name.
 */
export const auditListColumns: ColumnMap = {
  id: sql.ref("a.id"),
  at: sql.ref("a.at"),
  entity: sql.ref("a.entity"),
  entityId: sql.ref("a.entityId"),
  action: sql.ref("a.action"),
  actorUserId: sql.ref("a.actorUserId"),
  actor: sql`concat_ws(' ', a.actor_first_name, a.actor_last_name, a.actor_email, a.impersonator_first_name, a.impersonator_last_name)`,
  companyId: sql.ref("a.companyId"),
};

/** The entries of the caller's companies, as the list answers them before the actor is worded. */
export function auditListRows(db: Db, companyScope: readonly string[]) {
  return db
    .selectFrom("auditLog as a")
    .where(
      "a.companyId",
      "in",
      companyScope.map((id) => sql.lit(id)),
    )
    .select([...ENTRY_COLUMNS, "a.entity", "a.entityId", "a.companyId", "a.actorUserId"]);
}
