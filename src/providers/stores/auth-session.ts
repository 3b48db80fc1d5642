import type { ImpersonationAnswer } from "@core/api/impersonation";
import type { RoleTokenAnswer, UserRoleRecord } from "@core/api/role-token";
import { personName } from "@core/domain/audit-actor";
import type { FeatureFlags } from "@core/domain/permissions";
import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import { ONE_YEAR_SECONDS, removeCookie, writeCookie } from "./cookie";

/**
 * The auth session state (user, roles, the active role token), persisted whole in local storage. The
 * sign-in flows that fill it live in the auth provider; this file only keeps it.
 */

/** A company as the session names it: the id and name of a role's company. */
export type CompanyRef = Pick<UserRoleRecord["company"], "id" | "name">;

export interface SessionUser {
  id: string;
  email: string;
  firstName?: string;
  lastName?: string;
  featureFlags: FeatureFlags;
}

/** How the dashboard names a user: first and last name, else the e-mail address. */
export function userDisplayName(user: Pick<SessionUser, "firstName" | "lastName" | "email">): string {
  return personName(user) ?? user.email;
}

/**
 * A role as the session keeps it: the API's role (core/api/role-token.ts) narrowed to what
 * the dashboard reads. The e-mail and the flags (per membership) may be absent from
 * sessions stored before they were kept.
 */
export type UserRole = Pick<UserRoleRecord, "id" | "type"> & {
  company: CompanyRef;
  user: Pick<UserRoleRecord["user"], "id"> & Partial<Pick<UserRoleRecord["user"], "email">>;
  featureFlags?: UserRoleRecord["featureFlags"];
};

/** A company role token: the JWT and the secret sent in the `jwt` and `api-key` headers. */
export type RoleToken = RoleTokenAnswer;

/** The session-auth provider's user object, kept as it came. */
type SuperTokenUser = { id: string } & Record<string, unknown>;

export interface AuthSessionData {
  user: SessionUser | null;
  userRoles: UserRole[];
  companies: CompanyRef[];
  currentUserRole: UserRole | null;
  /** The current role token's secret. */
  currentUserRoleToken: string | null;
  currentUserRoleJWT: string | null;
  superTokenUser: SuperTokenUser | null;
  inviteToken: string | null;
  impersonationRoleToken: RoleToken | null;
  impersonationUserRole: UserRole | null;
  impersonationCompany: CompanyRef | null;
  /** Epoch milliseconds. */
  impersonationExpiry: number | null;
  /** Where the impersonation was started (path and query): stopping it returns there. */
  impersonationReturnTo: string | null;
}

/** An impersonation as the store keeps it: the answer of POST /auth/impersonate, its role token as `token`. */
interface Impersonation {
  userRole: UserRole;
  token: RoleToken;
  company: CompanyRef;
  expiry: ImpersonationAnswer["expiry"];
  returnTo?: string;
}

interface AuthSessionActions {
  /** After sign-in or sign-up: the user and their roles (companies default to the roles' companies). */
  setSession(session: { user: SessionUser; userRoles: UserRole[]; companies?: CompanyRef[] }): void;
  /** The role chosen (the only one, or picked on /select-company) and its company token. */
  setCurrentRole(role: UserRole, token: RoleToken): void;
  /** After a session refresh: roles, secret and JWT are stored. */
  setRefreshed(refresh: RoleToken & { roles: UserRole[] }): void;
  setSuperTokenUser(user: SuperTokenUser | null): void;
  setInviteToken(token: string): void;
  clearInviteToken(): void;
  startImpersonation(impersonation: Impersonation): void;
  stopImpersonation(): void;
  /** Sign-out: user, roles, companies, tokens and impersonation go; the invite token stays. */
  clearSession(): void;
}

export type AuthSessionState = AuthSessionData & AuthSessionActions;

export const AUTH_SESSION_STORAGE_KEY = "auth-session";
const USER_COOKIE = "user";

const NO_IMPERSONATION = {
  impersonationRoleToken: null,
  impersonationUserRole: null,
  impersonationCompany: null,
  impersonationExpiry: null,
  impersonationReturnTo: null,
} satisfies Partial<AuthSessionData>;

export const EMPTY_SESSION: AuthSessionData = {
  user: null,
  userRoles: [],
  companies: [],
  currentUserRole: null,
  currentUserRoleToken: null,
  currentUserRoleJWT: null,
  superTokenUser: null,
  inviteToken: null,
  ...NO_IMPERSONATION,
};

/** The companies a person has a role in, each once, in the order of their roles. */
export function companiesOf(roles: readonly UserRole[]): CompanyRef[] {
  const seen = new Map<string, CompanyRef>();
  for (const role of roles) if (!seen.has(role.company.id)) seen.set(role.company.id, role.company);
  return [...seen.values()];
}

export const useAuthSessionStore = create<AuthSessionState>()(
  persist(
    (set) => ({
      ...EMPTY_SESSION,
      setSession: ({ user, userRoles, companies }) =>
        set({ user, userRoles, companies: companies ?? companiesOf(userRoles) }),
      setCurrentRole: (role, token) =>
        set({ currentUserRole: role, currentUserRoleToken: token.secret, currentUserRoleJWT: token.jwtToken }),
      setRefreshed: ({ jwtToken, secret, roles }) =>
        set((state) => ({
          userRoles: roles,
          companies: companiesOf(roles),
          currentUserRoleToken: secret,
          currentUserRoleJWT: jwtToken,
          currentUserRole: roles.find((r) => r.id === state.currentUserRole?.id) ?? state.currentUserRole,
        })),
      setSuperTokenUser: (superTokenUser) => set({ superTokenUser }),
      setInviteToken: (inviteToken) => set({ inviteToken }),
      clearInviteToken: () => set({ inviteToken: null }),
      startImpersonation: ({ userRole, token, company, expiry, returnTo }) =>
        set({
          impersonationUserRole: userRole,
          impersonationRoleToken: token,
          impersonationCompany: company,
          impersonationExpiry: expiry,
          impersonationReturnTo: returnTo ?? null,
        }),
      stopImpersonation: () => set(NO_IMPERSONATION),
      clearSession: () => set((state) => ({ ...EMPTY_SESSION, inviteToken: state.inviteToken })),
    }),
    { name: AUTH_SESSION_STORAGE_KEY, storage: createJSONStorage(() => localStorage) },
  ),
);

/** The current user role also lives in the `user` cookie (SameSite=Lax, one year). */
function syncUserCookie(role: UserRole | null): void {
  if (role) writeCookie(USER_COOKIE, JSON.stringify(role), ONE_YEAR_SECONDS);
  else removeCookie(USER_COOKIE);
}

useAuthSessionStore.subscribe((state, previous) => {
  if (state.currentUserRole !== previous.currentUserRole) syncUserCookie(state.currentUserRole);
});

// ---- derived values: the impersonated role, token and company while impersonating ----

export function selectIsImpersonating(state: AuthSessionData): boolean {
  return state.impersonationRoleToken !== null && state.impersonationUserRole !== null;
}

export function selectActiveRole(state: AuthSessionData): UserRole | null {
  return selectIsImpersonating(state) ? state.impersonationUserRole : state.currentUserRole;
}

export function selectActiveRoleToken(state: AuthSessionData): RoleToken | null {
  if (selectIsImpersonating(state)) return state.impersonationRoleToken;
  if (state.currentUserRoleJWT === null || state.currentUserRoleToken === null) return null;
  return { jwtToken: state.currentUserRoleJWT, secret: state.currentUserRoleToken };
}

/**
 * The local half of "fully signed in": a user and a company role token. The auth provider's
 * check adds the session cookie's half; without this half nobody is signed in whatever the cookie.
 */
export function selectHasSignedInState(state: AuthSessionData): boolean {
  return selectActiveRoleToken(state) !== null && state.user !== null;
}

export function selectActiveCompany(state: AuthSessionData): CompanyRef | null {
  if (selectIsImpersonating(state)) return state.impersonationCompany ?? state.impersonationUserRole?.company ?? null;
  return state.currentUserRole?.company ?? null;
}

// One value for "no roles" and one for "no flags": a selector must answer the same value for the
// same state, or a component reading it through the store's hook (even through `useShallow`,
// which compares one level deep only) renders forever once signed out (React error #185).
const NO_ROLES: readonly string[] = Object.freeze([]);
const NO_FLAGS: FeatureFlags = Object.freeze({});

export function selectActiveRoleTypes(state: AuthSessionData): readonly string[] {
  return selectActiveRole(state)?.type ?? NO_ROLES;
}

/** The active company's grant (the impersonated one while impersonating): a flag never spans companies. */
export function selectFeatureFlags(state: AuthSessionData): FeatureFlags {
  return selectActiveRole(state)?.featureFlags ?? NO_FLAGS;
}

export function selectCanSwitchCompany(state: AuthSessionData): boolean {
  return state.userRoles.length > 1;
}
