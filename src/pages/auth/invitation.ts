import type { InvitationPreviewRecord } from "@core/api/role-token";
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

export function rolesText(roles: readonly string[]): string {
  return roles.join(" and ");
}
