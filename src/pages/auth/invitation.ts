import type { InvitationPreviewRecord } from "@core/api/role-token";
import { roleLabel } from "@core/domain/role-rules";
import { apiUrl } from "@/providers/api-url";

/** What an invitation is for (GET {api}/userInvites/preRegister with the token in the key and jwt headers). */
export type Invitation = InvitationPreviewRecord;

const INVITATION_FAILED_MESSAGE = "Could not fetch token";

export async function fetchInvitation(token: string): Promise<Invitation> {
  const response = await fetch(`${apiUrl()}/userInvites/preRegister`, {
    headers: { "api-key": token, jwt: token, "x-database": "postgres" },
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? INVITATION_FAILED_MESSAGE);
  }
  return (await response.json()) as Invitation;
}

/** Roles as a line of their own (a company's card, a profile): "Administrator and User". */
export function rolesText(roles: readonly string[]): string {
  return roles.map(roleLabel).join(" and ");
}

/** Roles inside a sentence ("invited … as administrator and distributor admin"). */
export function rolesInSentence(roles: readonly string[]): string {
  return roles.map((role) => roleLabel(role).toLowerCase()).join(" and ");
}
