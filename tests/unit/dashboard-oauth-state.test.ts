// @vitest-environment happy-dom
import SuperTokens from "supertokens-web-js";
// The SDK's own singleton, for its test-only reset() (not on the public wrapper).
import SuperTokensSingleton from "supertokens-web-js/lib/build/supertokens";
import Multitenancy from "supertokens-web-js/recipe/multitenancy";
import ThirdParty from "supertokens-web-js/recipe/thirdparty";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { keepServerOAuthState } from "@/providers/auth/oauth-state";

// The real SDK with the dashboard's override; only the server's answer is faked.
const SERVER_URL = "https://idp.test/authorize?client_id=c&state=state-the-server-issued&code_challenge=x";

beforeAll(() => {
  vi.stubGlobal(
    "fetch",
    vi.fn(
      async () =>
        new Response(JSON.stringify({ status: "OK", urlWithQueryParams: SERVER_URL, pkceCodeVerifier: "verifier" }), {
          headers: { "content-type": "application/json" },
        }),
    ),
  );
  // The SDK is a process-wide singleton whose init keeps the first recipe list it is given,
  // and unit files share a worker's modules (vitest.config.ts): start from a fresh one.
  // reset() works only under the SDK's test mode.
  vi.stubEnv("TEST_MODE", "testing");
  SuperTokensSingleton.reset();
  SuperTokens.init({
    appInfo: { appName: "test", apiDomain: "http://api.test", apiBasePath: "/api/auth" },
    recipeList: [ThirdParty.init({ override: { functions: keepServerOAuthState } }), Multitenancy.init()],
  });
});
afterAll(() => {
  SuperTokensSingleton.reset();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

describe("third-party sign-in in the dashboard", () => {
  test("the provider gets the state the server issued, and the browser checks that one", async () => {
    const url = await ThirdParty.getAuthorisationURLWithQueryParamsAndSetState({
      thirdPartyId: "oidc",
      frontendRedirectURI: "http://dashboard.test/auth/callback/oidc",
    });
    expect(new URL(url).searchParams.get("state")).toBe("state-the-server-issued");
    expect(ThirdParty.getStateAndOtherInfoFromStorage()).toMatchObject({
      stateForAuthProvider: "state-the-server-issued",
      pkceCodeVerifier: "verifier",
    });
  });
});
