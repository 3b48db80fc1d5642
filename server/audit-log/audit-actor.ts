import { auditActorLabel } from "../../core/domain/audit-actor";

/** The people of an audit row as server/db/audit-log.ts selects them (names kept on the entry). */
export interface AuditPeopleColumns {
  actorEmail: string | null;
  firstName: string | null;
  lastName: string | null;
  impersonatorUserId: string | null;
  operatorFirstName: string | null;
  operatorLastName: string | null;
}

/**
 * An audit row as a customer reads it: `actor` worded by auditActorLabel, `impersonated`
 * set, and the name columns dropped. The operator behind an impersonated change is
 * "ColdChain support — <name>", never their e-mail (it is not even selected).
 */
export function shownAuditEntry<Row extends AuditPeopleColumns>(row: Row) {
  const { firstName, lastName, impersonatorUserId, operatorFirstName, operatorLastName, ...entry } = row;
  const impersonated = impersonatorUserId !== null;
  const operator = { firstName: operatorFirstName, lastName: operatorLastName, email: null };
  return {
    ...entry,
    actor: entry.actorEmail
      ? auditActorLabel({ firstName, lastName, email: entry.actorEmail }, impersonated, operator)
      : null,
    impersonated,
  };
}
