import type { AuthProvider, CheckResponse } from "@refinedev/core";
import { apiUrl } from "./api-url";
import { DATABASE_HEADER } from "./data-provider";
import {
  type AuthSessionState,
  selectActiveRoleToken,
  selectActiveRoleTypes,
  useAuthSessionStore,
} from "./stores/auth-session";

/**
 * The auth provider of the dashboard shell: it reads the session store. Every method
 * resolves; none throws. The full sign-in (supertokens-web-js, company tokens,
 * passwordless and third-party) replaces `login` in its own issue.
 */

export const SIGN_IN_PATH = "/signin";
export const SIGN_IN_LANDING = "/?signin=true";

export interface Identity {
  id: string;
  name: string;
  email: string;
}

export interface SignInParams {
  email: string;
  password: string;
}

/** `session`: a signed-in user, with or without a chosen company (confirm-invite, select-company). */
export interface CheckParams {
  scope?: "role" | "session";
}

export interface AuthProviderOptions {
  apiUrl?: () => string;
  fetch?: typeof fetch;
  store?: { getState(): AuthSessionState };
}

const SIGN_IN_UNAVAILABLE = {
  success: false,
  error: { name: "Sign in", message: "Sign-in is not available yet" },
} as const;

export function createAuthProvider(options: AuthProviderOptions = {}): AuthProvider {
  const store = options.store ?? useAuthSessionStore;
  const base = options.apiUrl ?? apiUrl;
  const doFetch: typeof fetch = (...args) => (options.fetch ?? globalThis.fetch)(...args);

  const logout = async () => {
    store.getState().clearSession();
    return {
      success: true,
      redirectTo: SIGN_IN_PATH,
      successNotification: { message: "Sign out", description: "You have successfully signed out" },
    };
  };

  return {
    login: async ({ email, password }: SignInParams) => {
      try {
        const response = await doFetch(`${base()}/auth/signin`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            rid: "emailpassword",
            "st-auth-mode": "header",
            ...DATABASE_HEADER,
          },
          body: JSON.stringify({
            formFields: [
              { id: "email", value: email },
              { id: "password", value: password },
            ],
          }),
        });
        const body = (await response.json().catch(() => null)) as { status?: string } | null;
        if (response.ok && body?.status === "OK") {
          // Storing the session, the roles and the company token is the job of this
          // provider's successor (built on supertokens-web-js); here the answer only
          // confirms the credentials.
          return { success: true, redirectTo: SIGN_IN_LANDING };
        }
      } catch {
        // An unreachable server is answered like any failed sign-in below.
      }
      return SIGN_IN_UNAVAILABLE;
    },

    logout,

    check: async (params?: CheckParams): Promise<CheckResponse> => {
      const state = store.getState();
      const authenticated = params?.scope === "session" ? state.user !== null : selectActiveRoleToken(state) !== null;
      return authenticated ? { authenticated } : { authenticated, redirectTo: SIGN_IN_PATH };
    },

    onError: async (error: unknown) => {
      const status = (error as { statusCode?: unknown } | null)?.statusCode;
      if (status === 401) return { logout: true, redirectTo: SIGN_IN_PATH, error: error as Error };
      return {};
    },

    getIdentity: async (): Promise<Identity | null> => {
      const { user } = store.getState();
      if (!user) return null;
      const name = [user.firstName, user.lastName].filter(Boolean).join(" ") || user.email;
      return { id: user.id, name, email: user.email };
    },

    getPermissions: async () => selectActiveRoleTypes(store.getState()),
  };
}

export const authProvider = createAuthProvider();
