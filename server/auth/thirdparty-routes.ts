import type { FastifyPluginAsync } from "fastify";
import * as oidc from "openid-client";
import { authorisationUrlQuery, thirdPartySignInInput } from "../../core/api/third-party-sign-in";
import { emailError, isStorableName } from "../../core/domain/credentials";
import { findUserByEmail } from "../db/users";
import { badRequest } from "../errors";
import type { TypedRequests } from "../http/type-provider";
import type { ThirdPartyProvider } from "../plugins/settings";
import { acceptInviteAsNewAccount, findValidInvite, inviteTokenOf } from "./invites";
import { saveSignInState, takeSignInState } from "./oidc-states";
import { signedIn } from "./signed-in";

/**
 * Third-party sign-in against any OpenID Connect provider:
 * authorisation code flow with PKCE and a nonce. The server keeps the state it issued
 * (oidc-states.ts) and checks it on the callback itself; the browser's own check is
 * extra. openid-client checks the ID token (signature, iss, aud, azp, exp, nonce). Only
 * an e-mail the ID token marks `email_verified: true` signs in or takes an invitation:
 * a provider's account is anyone's to create, so an unverified e-mail proves nothing.
 * Nobody gets an account this way without an invitation.
 */

const START_AGAIN = "This sign-in has expired or was already used. Please start the sign-in again.";

const configs = new Map<string, Promise<oidc.Configuration>>();

function configFor(provider: ThirdPartyProvider): Promise<oidc.Configuration> {
  let config = configs.get(provider.issuer + provider.clientId);
  if (!config) {
    const url = new URL(provider.issuer);
    // Plain http only for a provider on this machine (tests, local identity servers).
    const local = url.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
    config = oidc
      .discovery(
        url,
        provider.clientId,
        provider.clientSecret,
        undefined,
        local ? { execute: [oidc.allowInsecureRequests] } : {},
      )
      .catch((e) => {
        configs.delete(provider.issuer + provider.clientId);
        throw e;
      });
    configs.set(provider.issuer + provider.clientId, config);
  }
  return config;
}

/**
 * The dashboard page the provider sends the browser back to: always on PUBLIC_URL (its
 * origin is what the provider has registered), never on whatever Host a request named.
 */
function callbackUri(publicUrl: string, providerId: string): string {
  return `${publicUrl.replace(/\/+$/, "")}/auth/callback/${encodeURIComponent(providerId)}`;
}

export const thirdPartyRoutes: FastifyPluginAsync = async (server) => {
  const app = server.withTypeProvider<TypedRequests>();
  const providerById = (id: string) => {
    const provider = server.settings.thirdPartyProviders.find((p) => p.id === id);
    if (!provider)
      throw badRequest(`Unknown third-party provider '${id}'`, [{ id: "thirdPartyId", error: "Unknown provider" }]);
    return provider;
  };

  app.get(
    "/authorisationurl",
    {
      schema: {
        tags: ["auth"],
        summary: "The provider's authorisation URL, with a PKCE challenge",
        querystring: authorisationUrlQuery,
      },
    },
    async (request) => {
      const provider = providerById(request.query.thirdPartyId);
      // The client's redirectURIOnProviderDashboard (built from the address bar, so from the
      // Host header) is not used: the provider sends the code only to PUBLIC_URL.
      const redirectUri = callbackUri(server.settings.publicUrl, provider.id);
      const config = await configFor(provider);
      const pkceCodeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      await saveSignInState(server.db, {
        state,
        providerId: provider.id,
        pkceCodeVerifier,
        nonce,
        redirectUri,
      });
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: "openid email profile",
        response_type: "code",
        code_challenge: await oidc.calculatePKCECodeChallenge(pkceCodeVerifier),
        code_challenge_method: "S256",
        // The dashboard keeps this state instead of making its own (src/providers/auth/oauth-state.ts).
        state,
        nonce,
      });
      return { status: "OK", urlWithQueryParams: url.href, pkceCodeVerifier };
    },
  );

  app.post(
    "/signinup",
    {
      schema: {
        tags: ["auth"],
        summary: "Finish third-party sign-in with the provider's code",
        body: thirdPartySignInInput,
      },
    },
    async (request, reply) => {
      const body = request.body;
      const provider = providerById(body.thirdPartyId);
      const { redirectURIQueryParams, pkceCodeVerifier } = body.redirectURIInfo;
      const redirectUri = callbackUri(server.settings.publicUrl, provider.id);
      const state = redirectURIQueryParams.state;
      const nonce =
        state && pkceCodeVerifier
          ? await takeSignInState(server.db, {
              state,
              providerId: provider.id,
              pkceCodeVerifier,
              redirectUri,
            })
          : undefined;
      if (!state || !pkceCodeVerifier || nonce === undefined) return { status: "GENERAL_ERROR", message: START_AGAIN };

      const config = await configFor(provider);
      const callback = new URL(redirectUri);
      for (const [k, v] of Object.entries(redirectURIQueryParams)) callback.searchParams.set(k, v);
      let claims: oidc.IDToken | undefined;
      try {
        const tokens = await oidc.authorizationCodeGrant(config, callback, {
          pkceCodeVerifier,
          expectedState: state,
          expectedNonce: nonce,
          idTokenExpected: true,
        });
        // Only the signed ID token counts: a UserInfo answer may carry an e-mail the provider never checked.
        claims = tokens.claims();
      } catch (e) {
        request.log.info({ err: e }, "third-party code exchange failed");
        return {
          status: "GENERAL_ERROR",
          message: "The sign-in provider did not accept the sign-in. Please try again.",
        };
      }
      const email = typeof claims?.email === "string" ? claims.email.toLowerCase() : undefined;
      if (!email) return { status: "NO_EMAIL_GIVEN_BY_PROVIDER" };
      // Signed by the provider is not the same as well-formed: a NUL in it failed in the database (500).
      const problem = emailError(email);
      if (problem)
        throw badRequest(`${provider.name} gave an e-mail address that cannot be used`, [
          { id: "email", error: problem },
        ]);
      if (claims?.email_verified !== true) {
        return {
          status: "SIGN_IN_UP_NOT_ALLOWED",
          reason: `${provider.name} has not verified this e-mail address, so it cannot be used to sign in.`,
        };
      }
      const existing = await findUserByEmail(server.db, email);
      if (existing) return signedIn(request, reply, existing.id, { createdNewRecipeUser: false }, "thirdparty");

      const token = inviteTokenOf(request);
      const invite = token ? await findValidInvite(server.db, token) : undefined;
      if (!invite || invite.email.toLowerCase() !== email) {
        return {
          status: "SIGN_IN_UP_NOT_ALLOWED",
          reason: "There is no account for this address. Ask your company's administrator for an invitation.",
        };
      }
      const userId = await acceptInviteAsNewAccount(server.db, invite.id, {
        email,
        // Names are optional: one that cannot be stored is left for the person to fill in.
        ...(typeof claims?.given_name === "string" && isStorableName(claims.given_name)
          ? { firstName: claims.given_name }
          : {}),
        ...(typeof claims?.family_name === "string" && isStorableName(claims.family_name)
          ? { lastName: claims.family_name }
          : {}),
      });
      if (!userId) return { status: "SIGN_IN_UP_NOT_ALLOWED", reason: "This invitation was already used." };
      return signedIn(request, reply, userId, { createdNewRecipeUser: true }, "thirdparty");
    },
  );
};
