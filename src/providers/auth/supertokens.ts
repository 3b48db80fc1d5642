import type { SessionRefreshAnswer } from "@core/api/role-token";
import { LAST_ACTIVITY_HEADER } from "@core/domain/session-inactivity";
import SuperTokens from "supertokens-web-js";
import Multitenancy from "supertokens-web-js/recipe/multitenancy";
import Session from "supertokens-web-js/recipe/session";
import type { CreateRecipeFunction } from "supertokens-web-js/types";
import { apiUrl } from "../api-url";
import { useAuthSessionStore } from "../stores/auth-session";
import { lastActivityHeaderValue } from "./idle-watch";
import { toUserRoles } from "./roles";

/**
 * The session-auth provider (SuperTokens' Session recipe), set up once: auth requests go under
 * `{api}/auth`, carry the role JWT and the database marker, and sign-up, third-party
 * sign-in/up and passwordless code creation also send the invite token. A session
 * expired answer is 440; at most 2 refresh retries.
 */

const SESSION_EXPIRED_STATUS = 440;
const MAX_REFRESH_RETRIES = 2;
const INVITE_TOKEN_HEADER = "invite-token";

type HookContext = { requestInit: RequestInit; url: string; action: string };

const SENDS_INVITE = new Set(["EMAIL_PASSWORD_SIGN_UP", "THIRD_PARTY_SIGN_IN_UP", "PASSWORDLESS_CREATE_CODE"]);

/** Adds the product's headers to every auth request. */
export async function authRequestHeaders<C extends HookContext>(
  context: C,
): Promise<{ url: string; requestInit: RequestInit }> {
  const state = useAuthSessionStore.getState();
  const headers = new Headers(context.requestInit.headers);
  headers.set("x-database", "postgres");
  if (state.currentUserRoleJWT) headers.set("jwt", state.currentUserRoleJWT);
  if (SENDS_INVITE.has(context.action) && state.inviteToken) headers.set(INVITE_TOKEN_HEADER, state.inviteToken);
  // The server refuses a refresh after the company's inactivity limit: it needs the last user action.
  const lastActivity = context.action === "REFRESH_SESSION" ? lastActivityHeaderValue() : null;
  if (lastActivity !== null) headers.set(LAST_ACTIVITY_HEADER, lastActivity);
  return { url: context.url, requestInit: { ...context.requestInit, headers } };
}

/** After a refresh the roles, secret and JWT are stored; no jwtToken signs the user out. */
export async function afterSessionCall(context: { action: string; fetchResponse: Response }) {
  if (context.action !== "REFRESH_SESSION" || !context.fetchResponse.ok) return;
  const body = (await context.fetchResponse.json().catch(() => null)) as Partial<SessionRefreshAnswer> | null;
  // An answer cut off on the way (a page load aborting it, the network) says nothing about the
  // role: the stored token stays, and the next refresh brings a new one.
  if (body === null || typeof body !== "object") return;
  const store = useAuthSessionStore.getState();
  if (body.jwtToken && body.secret) {
    store.setRefreshed({ jwtToken: body.jwtToken, secret: body.secret, roles: toUserRoles(body.roles ?? []) });
  } else if (store.currentUserRoleJWT) {
    // A session whose company role is gone (or never chosen) cannot keep a company token.
    onSignedOutElsewhere();
  }
}

let signedOutListener: () => void = () => useAuthSessionStore.getState().clearSession();

/** The auth provider decides what an unauthorised event does (clear, notify, go to /signin). */
export function onUnauthorised(listener: () => void) {
  signedOutListener = listener;
}

function onSignedOutElsewhere() {
  signedOutListener();
}

type RecipeArguments = Parameters<CreateRecipeFunction<unknown>>;

/** What SuperTokens.init hands every recipe it creates, kept for the recipes started later. */
let recipeArguments: RecipeArguments | null = null;

/**
 * Starts the session layer with the Session recipe only: every screen needs it, while the
 * sign-in recipes (e-mail and password, codes, providers) are the sign-in screens' and are
 * started by sign-in-recipes.ts when those load, so the dashboard's first load does not carry
 * them.
 */
export function initSuperTokens() {
  if (recipeArguments) return;
  const api = new URL(apiUrl(), window.location.origin);
  const basePath = `${api.pathname.replace(/\/+$/, "")}/auth`;
  const session = Session.init({
    sessionExpiredStatusCode: SESSION_EXPIRED_STATUS,
    maxRetryAttemptsForSessionRefresh: MAX_REFRESH_RETRIES,
    tokenTransferMethod: "cookie",
    preAPIHook: authRequestHeaders,
    postAPIHook: afterSessionCall,
    onHandleEvent: (event) => {
      if (event.action === "UNAUTHORISED") onSignedOutElsewhere();
    },
  });
  SuperTokens.init({
    appInfo: { appName: "ColdChain Dashboard", apiDomain: api.origin, apiBasePath: basePath },
    recipeList: [
      (...args) => {
        recipeArguments = args;
        return session(...args);
      },
      Multitenancy.init({ preAPIHook: authRequestHeaders }),
    ],
  });
}

/**
 * Starts a recipe after SuperTokens.init, as init itself would have: a recipe is created by
 * calling its `init(config)` result with the SDK's arguments (the SDK's CreateRecipeFunction
 * contract), and the SDK finds it by its own instance from then on.
 */
export function startRecipe<Action>(create: CreateRecipeFunction<Action>): void {
  initSuperTokens();
  if (!recipeArguments) throw new Error("SuperTokens did not create the Session recipe");
  create(...recipeArguments);
}
