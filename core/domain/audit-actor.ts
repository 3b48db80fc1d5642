/**
 * Who a customer sees behind an entry of their audit trail. An operator acting
 * through impersonation is "ColdChain support", never by their own e-mail: the
 * customer learns that support acted and for whom, not who works at the operator
 * The control center's own impersonation log still names the operator.
 * A person's own change names them and their e-mail: two colleagues can share a name,
 * and an auditor must tell who signed or changed the record (21 CFR 11.10(e)).
 */

const SUPPORT_ACTOR = "ColdChain support";

export interface AuditActor {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
}

/** A person's name is their first and last name, else their e-mail; null when neither is known. */
export function personName(actor: {
  firstName?: string | null;
  lastName?: string | null;
  email: string | null;
}): string | null {
  return [actor.firstName, actor.lastName].filter(Boolean).join(" ").trim() || actor.email;
}

/** A listed user (the API gives one `name`) is shown by that name, else by their e-mail. */
export function userName(user: { name: string; email: string }): string {
  return user.name.trim() || user.email;
}

export function auditActorLabel(actor: AuditActor, impersonated: boolean): string {
  const name = personName(actor);
  if (impersonated) return name ? `${SUPPORT_ACTOR} (on behalf of ${name})` : SUPPORT_ACTOR;
  if (!name) return "System";
  return actor.email && name !== actor.email ? `${name} (${actor.email})` : name;
}
