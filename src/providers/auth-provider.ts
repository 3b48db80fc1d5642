import type { AuthActionResponse, AuthProvider, CheckResponse } from "@refinedev/core";
import Session from "supertokens-web-js/recipe/session";
import { FRONT_TOKEN_COOKIE } from "./auth/front-token";
import { noteDeliberateSignOut, noteIdleSignOut, noteSessionEnded } from "./auth/return-to";
import { SIGNED_IN_LANDING } from "./auth/sign-in-flow";
import { notifySignedOut } from "./auth/sign-out-notice";
import { onUnauthorised } from "./auth/supertokens";
import { forgetActivity } from "./auth/user-activity";
import {
  type AuthSessionState,
  selectActiveRoleToken,
  selectActiveRoleTypes,
  selectHasSignedInState,
  useAuthSessionStore,
  userDisplayName,
} from "./stores/auth-session";
import { ONE_YEAR_SECONDS, readCookie, removeCookie, writeCookie } from "./stores/cookie";

/**
 * The auth provider on supertokens-web-js. Every method
 * resolves; failures come back as `{ success: false, error }`.
 */

export const SIGN_IN_PATH = "/signin";
export const SIGN_IN_LANDING = SIGNED_IN_LANDING;
export const SIGN_OUT_FAILED_LOG = "Error signing out from auth middleware";
/** The frontend-readable session cookies the SDK keeps (HttpOnly ones are the server's to clear). */
const SESSION_COOKIES = ["sFrontToken", "st-last-access-token-update", "sAntiCsrf"] as const;

export interface Identity {
  id: string;
  name: string;
  email: string;
}

export type SignInParams =
  | { method?: "password"; email: string; password: string }
  | { method: "code"; userInputCode: string }
  | { method: "link" }
  | { method: "thirdparty" }
  | { method: "company"; roleId: string };

export interface SignUpParams {
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
}

/**
 * `role`: the dashboard; a session without a company role token is signed out.
 * `session`: a signed-in user who may not have chosen a company yet (confirm-invite, select-company).
 * `visitor`: the sign-in screens only ask whether someone is fully signed in; nothing is signed out
 * there, since a sign-in in progress holds a session before it holds a role token.
 */
export interface CheckParams {
  scope?: "role" | "session" | "visitor";
}

type Store = { getState(): AuthSessionState };

/** The SDK's timestamp cookie: present without a front token, it means "no session here". */
const LAST_ACCESS_TOKEN_UPDATE_COOKIE = "st-last-access-token-update";
const SESSION_UNREACHABLE_MESSAGE = "The server cannot be reached to confirm your session";

/**
 * The session could not be confirmed: its refresh request failed on the way (network error, a
 * page load aborting it, a 5xx). Not a signed-out user: nothing is cleared, the check is retried.
 */
export class SessionUnreachableError extends Error {
  constructor() {
    super(SESSION_UNREACHABLE_MESSAGE);
    this.name = "SessionUnreachableError";
  }
}

/** `unknown`: the browser holds a session the server could not be asked about. */
type SessionPresence = "present" | "absent" | "unknown";

/**
 * What the gate of `scope` can tell from the stored state alone, while the session check runs:
 * authenticated when the browser holds the SDK's front token and the signed-in state the scope
 * needs (the user; for `role`, a company role token too). Undefined when only the check can
 * answer. The dashboard renders on it at once; a check that then fails still signs out or
 * redirects, and every data route checks the token on the server.
 */
export function storedCheck(scope: CheckParams["scope"], state: AuthSessionState): CheckResponse | undefined {
  if (!readCookie(FRONT_TOKEN_COOKIE) || !state.user) return undefined;
  if (scope === "role") return selectActiveRoleToken(state) ? { authenticated: true } : undefined;
  return scope === "session" ? { authenticated: true } : undefined;
}

/**
 * Whether a session exists. `Session.doesSessionExist()` also answers false when the refresh it
 * makes for an expired access token fails without an answer; the SDK then keeps its front token,
 * which it removes only when the server says the session is gone (440). Treating that false as
 * "signed out" wiped the stored roles and role tokens (shared by every page through local storage)
 * whenever a full page load aborted the previous page's refresh, and the next page signed out.
 */
async function sessionPresence(): Promise<SessionPresence> {
  // A browser with neither SDK cookie has never held a session here: the SDK would call that
  // "may exist" and send a refresh bound to fail (a 440 in the console on every anonymous
  // visit). Its own "no session" mark makes it answer without asking.
  if (!readCookie(FRONT_TOKEN_COOKIE) && !readCookie(LAST_ACCESS_TOKEN_UPDATE_COOKIE)) markLocalSessionEnded();
  let exists: boolean;
  try {
    exists = await Session.doesSessionExist();
  } catch {
    exists = false;
  }
  if (exists) return "present";
  return readCookie(FRONT_TOKEN_COOKIE) ? "unknown" : "absent";
}

export async function sessionExists(): Promise<boolean> {
  return (await sessionPresence()) === "present";
}

/**
 * Puts the SDK's local state at "no session" (its timestamp without a front token, what the SDK
 * itself keeps after the server clears a session). With no SDK cookie at all its state is "may
 * exist", and its next request refreshes: the server session a failed sign-out left alive, and
 * its HttpOnly refresh cookie, would come straight back as a new `sFrontToken`.
 */
function markLocalSessionEnded(): void {
  writeCookie(LAST_ACCESS_TOKEN_UPDATE_COOKIE, String(Date.now()), ONE_YEAR_SECONDS);
}

/**
 * Sign-out from the route guard: when it fails, refresh the
 * session, expire the three session cookies, log the error, and go to /signin anyway.
 */
async function guardSignOut(store: Store = useAuthSessionStore): Promise<void> {
  try {
    await Session.signOut();
  } catch (error) {
    await Session.attemptRefreshingSession().catch(() => false);
    for (const name of SESSION_COOKIES) removeCookie(name);
    markLocalSessionEnded();
    console.error(SIGN_OUT_FAILED_LOG, error);
  }
  store.getState().clearSession();
}

/**
 * The sign-out after the company's inactivity limit (src/providers/auth/idle-watch.ts): the
 * session ends on the server, and the route gate sends the person to the sign-in page with the
 * page to return to and the reason (return-to.ts), not to the usual landing.
 */
export async function signOutAfterInactivity(minutes: number, store: Store = useAuthSessionStore): Promise<void> {
  noteIdleSignOut(minutes);
  try {
    await Session.signOut();
  } catch {
    // Unreachable or already ended: the local session goes either way, as after a failed guard sign-out.
    for (const name of SESSION_COOKIES) removeCookie(name);
    markLocalSessionEnded();
  }
  forgetActivity();
  store.getState().clearSession();
}

export const SIGN_IN_NOT_LOADED_MESSAGE =
  "The sign-in could not be loaded. Check your connection, then reload the page and try again";

type SignInMethods = typeof import("./auth/sign-in-methods");

/**
 * Runs one of the sign-in methods, loaded with the first call. A failed load (offline, or a
 * deployment that replaced the chunk) answers a failed sign-in the form can show, as every
 * method does for its own failures, instead of an error the form does not expect.
 */
async function withSignInMethods(run: (methods: SignInMethods) => Promise<AuthActionResponse>) {
  let methods: SignInMethods;
  try {
    methods = await import("./auth/sign-in-methods");
  } catch (error) {
    console.error("The sign-in methods could not be loaded", error);
    return { success: false, error: { name: "Sign in", message: SIGN_IN_NOT_LOADED_MESSAGE } };
  }
  return run(methods);
}

export function createAuthProvider(store: Store = useAuthSessionStore): AuthProvider {
  const signOut = async () => {
    noteDeliberateSignOut();
    try {
      await Session.signOut();
    } catch {
      // The server may already have ended the session; the local state goes either way.
    }
    store.getState().clearSession();
    notifySignedOut();
    return { success: true, redirectTo: SIGN_IN_PATH };
  };

  // An unauthorised event (the session is gone server-side) signs out.
  onUnauthorised(() => {
    if (store.getState().user) {
      noteSessionEnded();
      store.getState().clearSession();
      notifySignedOut();
    }
  });

  return {
    // The sign-in recipes and these four methods load with the first call (with the sign-in
    // screens, which load them up front): the dashboard's first load carries neither.
    login: (params: SignInParams) => withSignInMethods((m) => m.signIn(store, params)),
    register: (params: SignUpParams) => withSignInMethods((m) => m.signUp(store, params)),
    forgotPassword: (params: { email: string }) => withSignInMethods((m) => m.sendPasswordReset(params)),
    updatePassword: (params: { password: string }) => withSignInMethods((m) => m.setNewPassword(params)),

    logout: signOut,

    check: async (params?: CheckParams): Promise<CheckResponse> => {
      const presence = await sessionPresence();
      const state = store.getState();
      // Refine calls check() without params from its own hooks too: that answer has no side effects.
      const passive = params?.scope === undefined || params.scope === "visitor";
      if (presence === "unknown") {
        // The gates of signed-in screens retry (and offer a retry) instead of signing anyone out.
        if (passive) return { authenticated: false };
        throw new SessionUnreachableError();
      }
      if (presence === "absent") {
        if (state.user) state.clearSession();
        return { authenticated: false, redirectTo: SIGN_IN_PATH };
      }
      if (passive) {
        return selectHasSignedInState(state) ? { authenticated: true } : { authenticated: false };
      }
      const needsRole = params.scope === "role";
      if ((needsRole && !selectActiveRoleToken(state)) || !state.user) {
        // A session without a company role token (or without its user) cannot be used: sign out.
        await guardSignOut(store);
        return { authenticated: false, redirectTo: SIGN_IN_PATH, logout: true };
      }
      return { authenticated: true };
    },

    onError: async (error: unknown) => {
      const status = (error as { statusCode?: unknown } | null)?.statusCode;
      if (status === 401) return { logout: true, redirectTo: SIGN_IN_PATH, error: error as Error };
      return {};
    },

    getIdentity: async (): Promise<Identity | null> => {
      const { user } = store.getState();
      if (!user) return null;
      return { id: user.id, name: userDisplayName(user), email: user.email };
    },

    getPermissions: async () => selectActiveRoleTypes(store.getState()),
  };
}

export const authProvider = createAuthProvider();
