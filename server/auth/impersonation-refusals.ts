import { recordAudit } from "../audit";
import type { Db } from "../db/index";
import { forbidden } from "../errors";
import type { Principal } from "./principal";

/**
 * Things an impersonator may not do: each would outlive the impersonation (an API key,
 * an invitation, a member's new role) and act for the customer with nobody at the
 * customer having chosen it; an invitation even names the customer's own administrator
 * as its inviter. The refused attempt is audited in its own write (never inside the
 * request's transaction, which the 403 rolls back), so the customer's trail shows it;
 * the impersonation log records the 403 as it records every impersonated request.
 */
export async function refuseWhileImpersonating(
  db: Db,
  principal: Principal,
  attempt: { entity: string; action: string; entityId: string; message: string; attempted?: unknown },
): Promise<void> {
  if (!principal.impersonatorUserId) return;
  await recordAudit(db, principal, {
    action: attempt.action,
    entity: attempt.entity,
    entityId: attempt.entityId,
    before: null,
    // What was asked for (an address and roles), so the customer's administrators can see it.
    after: attempt.attempted ?? null,
    reason: attempt.message,
  });
  throw forbidden(attempt.message);
}

/** A route's declaration (route config `refusedWhileImpersonating`), checked by server/plugins/principal.ts. */
export interface ImpersonationRefusal {
  entity: string;
  action: string;
  message: string;
}

export const INVITE_WHILE_IMPERSONATING = "An invitation cannot be sent while impersonating";

export const REFUSED_WHILE_IMPERSONATING = {
  // A key would act for the company with nobody's session behind it.
  apiKeyCreation: {
    entity: "apiKey",
    action: "create-refused",
    message: "An API key cannot be created while impersonating",
  },
  // A longer-lived key is a longer-lived credential: the company's own administrators decide it.
  apiKeyExpiry: {
    entity: "apiKey",
    action: "update-refused",
    message: "An API key's expiry cannot be changed while impersonating",
  },
  // A webhook's secret is a credential and its URL where the company's data goes: the company's own people decide both.
  webhookCreation: {
    entity: "webhookEndpoint",
    action: "create-refused",
    message: "A webhook endpoint cannot be created while impersonating",
  },
  webhookChange: {
    entity: "webhookEndpoint",
    action: "update-refused",
    message: "A webhook endpoint cannot be changed while impersonating",
  },
  webhookSecretRotation: {
    entity: "webhookEndpoint",
    action: "rotate-secret-refused",
    message: "A webhook endpoint's secret cannot be rotated while impersonating",
  },
  invitation: { entity: "userInvite", action: "create-refused", message: INVITE_WHILE_IMPERSONATING },
  // A resent invitation names the impersonated person as its inviter, with a fresh week to use it.
  invitationResend: { entity: "userInvite", action: "resend-refused", message: INVITE_WHILE_IMPERSONATING },
  roleChange: {
    entity: "user",
    action: "update-refused",
    message: "A member's roles cannot be changed while impersonating",
  },
} satisfies Record<string, ImpersonationRefusal>;
