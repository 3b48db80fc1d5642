// @vitest-environment happy-dom
import SuperTokens from "supertokens-web-js";
// The SDK's own singleton, for its test-only reset() (not on the public wrapper).
import SuperTokensSingleton from "supertokens-web-js/lib/build/supertokens";
import Multitenancy from "supertokens-web-js/recipe/multitenancy";
import Passwordless from "supertokens-web-js/recipe/passwordless";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { keepTenantInAttempt } from "@/providers/auth/attempt-tenant";

// The real SDK with the dashboard's override; only the server's answer is faked.
beforeAll(() => {
  vi.stubGlobal(
    "fetch",
    vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            status: "OK",
            deviceId: "device",
            preAuthSessionId: "pre-auth",
            flowType: "USER_INPUT_CODE_AND_MAGIC_LINK",
          }),
          { headers: { "content-type": "application/json" } },
        ),
    ),
  );
  // The SDK is a process-wide singleton whose init keeps the first recipe list it is given,
  // and unit files share a worker's modules (vitest.config.ts): start from a fresh one.
  // reset() works only under the SDK's test mode.
  vi.stubEnv("TEST_MODE", "testing");
  SuperTokensSingleton.reset();
  SuperTokens.init({
    appInfo: { appName: "test", apiDomain: "http://api.test", apiBasePath: "/api/auth" },
    recipeList: [Passwordless.init({ override: { functions: keepTenantInAttempt } }), Multitenancy.init()],
  });
});
afterAll(() => {
  SuperTokensSingleton.reset();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

describe("passwordless attempt info", () => {
  test("the stored attempt names its tenant, as the spec lists its fields", async () => {
    await Passwordless.createCode({ phoneNumber: "+496955501001" });
    const stored = Object.values({ ...localStorage })
      .map((value) => JSON.parse(String(value)) as Record<string, unknown>)
      .find((value) => value.preAuthSessionId === "pre-auth");
    expect(stored).toEqual({
      version: 1,
      tenantId: "public",
      deviceId: "device",
      preAuthSessionId: "pre-auth",
      shouldTryLinkingWithSessionUser: false,
      flowType: "USER_INPUT_CODE_AND_MAGIC_LINK",
    });
  });
});
