/**
 * Who a customer sees behind an entry of their audit trail. An operator acting through
 * impersonation is "ColdChain support — <operator's name>": the customer learns that
 * support acted, who at support, and for whom; the operator's e-mail stays in the control
 * center's impersonation log. Where the operator is not known (a change stored without
 * them), it reads "ColdChain support".
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

export function auditActorLabel(actor: AuditActor, impersonated: boolean, operator?: AuditActor | null): string {
  const name = personName(actor);
  if (impersonated) {
    const operatorName = operator ? personName({ ...operator, email: null }) : null;
    const support = operatorName ? `${SUPPORT_ACTOR} — ${operatorName}` : SUPPORT_ACTOR;
    return name ? `${support} (on behalf of ${name})` : support;
  }
  if (!name) return "System";
  return actor.email && name !== actor.email ? `${name} (${actor.email})` : name;
}
