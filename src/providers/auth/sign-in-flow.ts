import type { RoleTokenInput } from "@core/api/role-token";
import type { SignedInAnswer } from "@core/api/signed-in";
import { apiUrl } from "../api-url";
import { type RoleToken, type UserRole, useAuthSessionStore } from "../stores/auth-session";
import { toUserRoles, userOf } from "./roles";
import { noteActivity } from "./user-activity";

/**
 * What happens after someone proves who they are (sign-in and session):
 * no roles is an error; one role fetches that company's token and lands on / with
 * signin=true; several roles go to /select-company.
 */

const NO_ROLES_MESSAGE = "No roles found";
const TOKEN_FAILED_MESSAGE = "Could not fetch token";
export const SIGNED_IN_LANDING = "/?signin=true";
export const SELECT_COMPANY_PATH = "/select-company";

export class SignInError extends Error {
  constructor(
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = "Sign in";
  }
}

/** POST {api}/auth/token with {companyId}: the company role token of the signed-in session. */
async function fetchCompanyToken(companyId: string, doFetch: typeof fetch = fetch): Promise<RoleToken> {
  try {
    const response = await doFetch(`${apiUrl()}/auth/token`, {
      method: "POST",
      credentials: "include",
      headers: { "content-type": "application/json", "x-database": "postgres" },
      body: JSON.stringify({ companyId } satisfies RoleTokenInput),
    });
    const body = (await response.json().catch(() => null)) as Partial<RoleToken> | null;
    if (response.ok && body?.jwtToken && body.secret) return { jwtToken: body.jwtToken, secret: body.secret };
  } catch {
    // answered below, like any other failure
  }
  throw new SignInError(TOKEN_FAILED_MESSAGE);
}

/** Makes a role the current one: fetches its company token and stores both. */
export async function chooseRole(role: UserRole, doFetch: typeof fetch = fetch): Promise<void> {
  const token = await fetchCompanyToken(role.company.id, doFetch);
  useAuthSessionStore.getState().setCurrentRole(role, token);
}

/** Stores the signed-in user and roles and says where to go next. */
export async function completeSignIn(answer: Partial<SignedInAnswer>, doFetch: typeof fetch = fetch): Promise<string> {
  const roles = toUserRoles(answer.roles ?? []);
  const user = userOf(answer.roles ?? []);
  if (roles.length === 0 || !user) throw new SignInError(NO_ROLES_MESSAGE);
  // Signing in is an action: the inactivity limit counts from here, not from an earlier session's last.
  noteActivity(Date.now());
  const store = useAuthSessionStore.getState();
  store.setSession({ user, userRoles: roles });
  store.setSuperTokenUser(answer.user ?? null);
  if (roles.length > 1) return SELECT_COMPANY_PATH;
  await chooseRole(roles[0] as UserRole, doFetch);
  return SIGNED_IN_LANDING;
}

/** The JSON body of a sign-in answer (the SDK hands back the unread response), any field of it missing. */
export async function answerOf(fetchResponse: Response): Promise<Partial<SignedInAnswer>> {
  return ((await fetchResponse.json().catch(() => null)) ?? {}) as Partial<SignedInAnswer>;
}
