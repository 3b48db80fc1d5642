import { Type } from "typebox";

/** POST /auth/signinup: finishing a third-party sign-in with the provider's code (the SuperTokens protocol). */
export const thirdPartySignInInput = Type.Object({
  thirdPartyId: Type.String({ maxLength: 100 }),
  clientType: Type.Optional(Type.String({ maxLength: 100 })),
  shouldTryLinkingWithSessionUser: Type.Optional(Type.Boolean()),
  redirectURIInfo: Type.Object({
    redirectURIOnProviderDashboard: Type.String({ maxLength: 2000 }),
    // additionalProperties rather than Type.Record's patternProperties: the same schema Ajv had.
    redirectURIQueryParams: Type.Unsafe<Record<string, string>>({
      type: "object",
      maxProperties: 30,
      additionalProperties: { type: "string", maxLength: 4000 },
    }),
    pkceCodeVerifier: Type.Optional(Type.String({ maxLength: 200 })),
  }),
});

/** GET /auth/authorisationurl: the provider, and the callback the browser names (not used: see the route). */
export const authorisationUrlQuery = Type.Object({
  thirdPartyId: Type.String({ maxLength: 100 }),
  redirectURIOnProviderDashboard: Type.String({ maxLength: 2000 }),
  clientType: Type.Optional(Type.String({ maxLength: 100 })),
});
