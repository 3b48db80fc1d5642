import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { randomToken, sha256Hex } from "../../server/auth/hash";
import { loginAtProvider, startTestIdentityProvider, type TestIdentityProvider } from "../support/identity-provider";
import { createTestApp, type TestApp } from "./support/app";
import { ProtocolClient } from "./support/protocol";
import { buildWorld, type World } from "./support/world";

const CALLBACK = "http://dashboard.test/auth/callback/oidc";
let idp: TestIdentityProvider;
let t: TestApp;
let world: World;

beforeAll(async () => {
  idp = await startTestIdentityProvider([CALLBACK]);
  t = await createTestApp({
    thirdPartyProviders: [
      { id: "oidc", name: "Company SSO", issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret },
    ],
  });
  world = await buildWorld(t.database.db, { reportsPerCompany: 1 });
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

/** The SDK's part: ask for the URL, go to the provider, come back, post the callback's parameters. */
async function signInWithProvider(login: string, headers: Record<string, string> = {}) {
  const client = new ProtocolClient(t.app);
  const start = await client.call(
    "GET",
    `/api/auth/authorisationurl?thirdPartyId=oidc&redirectURIOnProviderDashboard=${encodeURIComponent(CALLBACK)}`,
    undefined,
    { rid: "thirdparty" },
  );
  const { urlWithQueryParams, pkceCodeVerifier } = start.json();
  const callback = await loginAtProvider(urlWithQueryParams, login);
  return client.call(
    "POST",
    "/api/auth/signinup",
    {
      thirdPartyId: "oidc",
      redirectURIInfo: {
        redirectURIOnProviderDashboard: CALLBACK,
        redirectURIQueryParams: Object.fromEntries(callback.searchParams),
        pkceCodeVerifier,
      },
    },
    { rid: "thirdparty", ...headers },
  );
}

describe("third-party sign-in with OpenID Connect", () => {
  test("login methods list the configured provider", async () => {
    const body = (await new ProtocolClient(t.app).call("GET", "/api/auth/loginmethods")).json();
    expect(body.thirdParty).toEqual({ enabled: true, providers: [{ id: "oidc", name: "Company SSO" }] });
    expect(body.firstFactors).toContain("thirdparty");
  });

  test("the authorisation URL carries a PKCE challenge and the callback", async () => {
    const res = await new ProtocolClient(t.app).call(
      "GET",
      `/api/auth/authorisationurl?thirdPartyId=oidc&redirectURIOnProviderDashboard=${encodeURIComponent(CALLBACK)}`,
    );
    const url = new URL(res.json().urlWithQueryParams);
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("redirect_uri")).toBe(CALLBACK);
    expect(res.json().pkceCodeVerifier).toEqual(expect.any(String));
  });

  test("an unknown provider is 400", async () => {
    const res = await new ProtocolClient(t.app).call(
      "GET",
      `/api/auth/authorisationurl?thirdPartyId=nope&redirectURIOnProviderDashboard=${encodeURIComponent(CALLBACK)}`,
    );
    expect(res.statusCode).toBe(400);
  });

  test("a provider account with a known e-mail signs in to that person's account", async () => {
    const res = await signInWithProvider("a-administrator@test.example");
    expect(res.json()).toMatchObject({
      status: "OK",
      createdNewRecipeUser: false,
      user: { id: world.users["a:administrator"] },
    });
    expect(res.headers["front-token"]).toBeTruthy();
  });

  test("an unknown e-mail without an invitation is SIGN_IN_UP_NOT_ALLOWED", async () => {
    expect((await signInWithProvider("stranger@test.example")).json().status).toBe("SIGN_IN_UP_NOT_ALLOWED");
  });

  test("an e-mail the provider has not verified is SIGN_IN_UP_NOT_ALLOWED", async () => {
    expect((await signInWithProvider("unverified-a-user@test.example")).json().status).toBe("SIGN_IN_UP_NOT_ALLOWED");
  });

  test("an invited e-mail gets its account in the invited company", async () => {
    const token = randomToken();
    await t.database.db
      .insertInto("invites")
      .values({
        companyId: world.companies.b,
        email: "sso-new@test.example",
        types: ["user"],
        tokenHash: sha256Hex(token),
        expires: new Date(Date.now() + 60_000),
      })
      .execute();
    const body = (await signInWithProvider("sso-new@test.example", { "invite-token": token })).json();
    expect(body).toMatchObject({
      status: "OK",
      createdNewRecipeUser: true,
      roles: [expect.objectContaining({ company: expect.objectContaining({ id: world.companies.b }) })],
    });
  });

  test("a code that was already used is refused", async () => {
    const client = new ProtocolClient(t.app);
    const { urlWithQueryParams, pkceCodeVerifier } = (
      await client.call(
        "GET",
        `/api/auth/authorisationurl?thirdPartyId=oidc&redirectURIOnProviderDashboard=${encodeURIComponent(CALLBACK)}`,
      )
    ).json();
    const callback = await loginAtProvider(urlWithQueryParams, "a-user@test.example");
    const payload = {
      thirdPartyId: "oidc",
      redirectURIInfo: {
        redirectURIOnProviderDashboard: CALLBACK,
        redirectURIQueryParams: Object.fromEntries(callback.searchParams),
        pkceCodeVerifier,
      },
    };
    expect((await client.call("POST", "/api/auth/signinup", payload)).json().status).toBe("OK");
    expect((await client.call("POST", "/api/auth/signinup", payload)).json().status).toBe("GENERAL_ERROR");
  });
});
