import type { RecipeInterface } from "supertokens-web-js/recipe/passwordless";

/**
 * The stored passwordless attempt names its tenant (spec: passwordless attempt info).
 * The SDK takes the tenant from the tenantId query parameter and, on the sign-in page
 * (which has none), leaves the field out; the server's only tenant is "public", the
 * SDK's own default for the requests themselves.
 */
const DEFAULT_TENANT_ID = "public";

export function keepTenantInAttempt(original: RecipeInterface): RecipeInterface {
  return {
    ...original,
    setLoginAttemptInfo(input) {
      const tenantId = input.attemptInfo.tenantId ?? DEFAULT_TENANT_ID;
      return original.setLoginAttemptInfo({ ...input, attemptInfo: { ...input.attemptInfo, tenantId } });
    },
  };
}
