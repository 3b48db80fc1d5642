import type { Principal } from "./auth/principal";
import type { Db } from "./db/index";

export interface AuditEntry {
  action: string;
  entity: string;
  entityId: string;
  before: unknown;
  after: unknown;
  reason?: string;
}

/**
 * One row of the audit trail: who (and, when impersonating, who really), what,
 * when, old -> new. Written in the same transaction as the change it records.
 */
export async function recordAudit(db: Db, principal: Principal, entry: AuditEntry): Promise<void> {
  await db
    .insertInto("auditLog")
    .values({
      // An API key is nobody (its principal's user id matches no person): the entry names the key instead.
      actorUserId: principal.apiKeyId ? null : principal.userId,
      impersonatorUserId: principal.impersonatorUserId,
      companyId: principal.companyId,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId,
      before: entry.before === null ? null : JSON.stringify(entry.before),
      after: entry.after === null ? null : JSON.stringify(entry.after),
      reason: entry.reason ?? null,
    })
    .execute();
}
