import type { RecipeInterface } from "supertokens-web-js/recipe/thirdparty";

/**
 * The server issues the OAuth state with the authorisation URL and checks it itself on
 * /signinup (server/auth/oidc-states.ts). Left alone, the SDK would put a state of its
 * own into that URL, which the server has never seen; with this override the SDK keeps
 * the server's state, and still stores and compares it in the browser as before.
 */

// The SDK hands the same userContext object to both calls of one getAuthorisationURL... call.
const SERVER_STATE = "coldchainServerOAuthState";

export function keepServerOAuthState(original: RecipeInterface): RecipeInterface {
  return {
    ...original,
    async getAuthorisationURLFromBackend(input) {
      const response = await original.getAuthorisationURLFromBackend(input);
      const state = new URL(response.urlWithQueryParams).searchParams.get("state");
      if (state) input.userContext[SERVER_STATE] = state;
      return response;
    },
    generateStateToSendToOAuthProvider(input) {
      const state: unknown = input?.userContext?.[SERVER_STATE];
      return typeof state === "string" ? state : original.generateStateToSendToOAuthProvider(input);
    },
  };
}
