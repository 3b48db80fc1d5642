import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { randomToken, sha256Hex } from "../../../server/auth/hash";
import { loginAtProvider, startTestIdentityProvider, type TestIdentityProvider } from "../../support/identity-provider";
import { createTestApp, type TestApp } from "../support/app";
import { ProtocolClient } from "../support/protocol";
import { buildWorld, type World } from "../support/world";

/**
 * Third-party sign-in against a real OpenID Connect provider
 * (oidc-provider, in-process). An attacker controls their own account at a provider
 * we trust and the browser's requests; the server alone must keep them out of
 * somebody else's account.
 */

const CALLBACK = "http://dashboard.test/auth/callback/oidc";
const SYSTEM_ADMIN = "operator-systemadmin@test.example";
let idp: TestIdentityProvider;
let t: TestApp;
let world: World;

beforeAll(async () => {
  // Each provider entry's callback is its own page (PUBLIC_URL/auth/callback/<id>).
  idp = await startTestIdentityProvider([CALLBACK, "http://dashboard.test/auth/callback/partner"]);
  const client = { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret };
  t = await createTestApp({
    thirdPartyProviders: [
      { id: "oidc", name: "Company SSO", ...client },
      // A second provider entry at the same identity server: its codes are good, its states are not ours.
      { id: "partner", name: "Partner SSO", ...client },
    ],
  });
  world = await buildWorld(t.database.db, { reportsPerCompany: 1 });
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

interface Flow {
  url: URL;
  state: string;
  pkceCodeVerifier: string;
}

/** GET /authorisationurl as the SDK does; the state is the one in the provider URL. */
async function startFlow(client: ProtocolClient, thirdPartyId = "oidc"): Promise<Flow> {
  const res = await client.call(
    "GET",
    `/api/auth/authorisationurl?thirdPartyId=${thirdPartyId}&redirectURIOnProviderDashboard=${encodeURIComponent(CALLBACK)}`,
    undefined,
    { rid: "thirdparty" },
  );
  const { urlWithQueryParams, pkceCodeVerifier } = res.json();
  const url = new URL(urlWithQueryParams);
  return { url, state: url.searchParams.get("state") ?? "", pkceCodeVerifier };
}

/** POST /signinup with the callback's parameters, optionally swapped for another flow's. */
function finish(
  client: ProtocolClient,
  callback: URL,
  options: { pkceCodeVerifier: string; state?: string; thirdPartyId?: string; headers?: Record<string, string> },
) {
  const params = Object.fromEntries(callback.searchParams);
  if (options.state !== undefined) params.state = options.state;
  return client.call(
    "POST",
    "/api/auth/signinup",
    {
      thirdPartyId: options.thirdPartyId ?? "oidc",
      redirectURIInfo: {
        redirectURIOnProviderDashboard: CALLBACK,
        redirectURIQueryParams: params,
        pkceCodeVerifier: options.pkceCodeVerifier,
      },
    },
    { rid: "thirdparty", ...(options.headers ?? {}) },
  );
}

async function signIn(login: string, headers: Record<string, string> = {}) {
  const client = new ProtocolClient(t.app);
  const flow = await startFlow(client);
  const callback = await loginAtProvider(flow.url.href, login);
  return finish(client, callback, { pkceCodeVerifier: flow.pkceCodeVerifier, headers });
}

async function invite(email: string) {
  const token = randomToken();
  await t.database.db
    .insertInto("invites")
    .values({
      companyId: world.companies.b,
      email,
      types: ["user"],
      tokenHash: sha256Hex(token),
      expires: new Date(Date.now() + 60_000),
    })
    .execute();
  return token;
}

function expectNoSession(res: Awaited<ReturnType<typeof signIn>>) {
  expect(res.json().status).not.toBe("OK");
  expect(res.headers["front-token"]).toBeUndefined();
  expect(res.headers["st-access-token"]).toBeUndefined();
}

describe("OIDC sign-in trusts only what the provider verified", () => {
  test("the provider's verified e-mail in its ID token still signs in", async () => {
    expect((await signIn(SYSTEM_ADMIN)).json()).toMatchObject({
      status: "OK",
      user: { id: world.users["operator:systemAdmin"] },
    });
  });

  test("an ID token without email_verified cannot sign in as an existing account's e-mail", async () => {
    const res = await signIn(`no-email-verified:${SYSTEM_ADMIN}`);
    expectNoSession(res);
    expect(res.json()).toMatchObject({ status: "SIGN_IN_UP_NOT_ALLOWED", reason: expect.stringContaining("verified") });
  });

  test("email_verified false cannot sign in as an existing account's e-mail", async () => {
    const res = await signIn(`email-unverified:${SYSTEM_ADMIN}`);
    expectNoSession(res);
    expect(res.json().status).toBe("SIGN_IN_UP_NOT_ALLOWED");
  });

  test('email_verified "false" as a string cannot sign in as an existing account\'s e-mail', async () => {
    expectNoSession(await signIn(`string-false:${SYSTEM_ADMIN}`));
  });

  test("an ID token without email_verified cannot create an invited account", async () => {
    const token = await invite("sso-unverified-new@test.example");
    const res = await signIn("no-email-verified:sso-unverified-new@test.example", { "invite-token": token });
    expectNoSession(res);
    const created = await t.database.db
      .selectFrom("users")
      .select("id")
      .where("email", "=", "sso-unverified-new@test.example")
      .executeTakeFirst();
    expect(created).toBeUndefined();
  });

  test("a UserInfo e-mail is never merged", async () => {
    const res = await signIn(`userinfo-email:${SYSTEM_ADMIN}`);
    expectNoSession(res);
    expect(res.json().status).toBe("NO_EMAIL_GIVEN_BY_PROVIDER");
  });
});

describe("OIDC sign-in binds the provider's answer to the flow the server started", () => {
  test("a wrong nonce is refused", async () => {
    const client = new ProtocolClient(t.app);
    const flow = await startFlow(client);
    // The attacker's own authorisation request: same state and PKCE challenge, their nonce.
    const tampered = new URL(flow.url);
    tampered.searchParams.set("nonce", (await startFlow(client)).url.searchParams.get("nonce") ?? "attacker");
    const callback = await loginAtProvider(tampered.href, SYSTEM_ADMIN);
    expectNoSession(await finish(client, callback, { pkceCodeVerifier: flow.pkceCodeVerifier }));
  });

  test("an authorisation request without the nonce is refused", async () => {
    const client = new ProtocolClient(t.app);
    const flow = await startFlow(client);
    const tampered = new URL(flow.url);
    tampered.searchParams.delete("nonce");
    const callback = await loginAtProvider(tampered.href, SYSTEM_ADMIN);
    expectNoSession(await finish(client, callback, { pkceCodeVerifier: flow.pkceCodeVerifier }));
  });

  test("an ID token for another audience is refused", async () => {
    const res = await signIn(`other-audience:${SYSTEM_ADMIN}`);
    expectNoSession(res);
    expect(res.json().status).toBe("GENERAL_ERROR");
  });

  test("a replayed state is refused", async () => {
    const client = new ProtocolClient(t.app);
    const flow = await startFlow(client);
    const first = await loginAtProvider(flow.url.href, SYSTEM_ADMIN);
    expect((await finish(client, first, { pkceCodeVerifier: flow.pkceCodeVerifier })).json().status).toBe("OK");
    // The same authorisation request once more gives a fresh code for the same state.
    const again = await loginAtProvider(flow.url.href, SYSTEM_ADMIN);
    const res = await finish(new ProtocolClient(t.app), again, { pkceCodeVerifier: flow.pkceCodeVerifier });
    expectNoSession(res);
    expect(res.json()).toMatchObject({ status: "GENERAL_ERROR", message: expect.any(String) });
  });

  test("a state the server did not issue is refused", async () => {
    const client = new ProtocolClient(t.app);
    const flow = await startFlow(client);
    const callback = await loginAtProvider(flow.url.href, SYSTEM_ADMIN);
    const res = await finish(client, callback, {
      pkceCodeVerifier: flow.pkceCodeVerifier,
      state: Buffer.from(JSON.stringify({ state: "made-up" })).toString("base64"),
    });
    expectNoSession(res);
  });

  test("a state from another browser is refused", async () => {
    const victim = await startFlow(new ProtocolClient(t.app));
    const client = new ProtocolClient(t.app);
    const own = await startFlow(client);
    const callback = await loginAtProvider(own.url.href, SYSTEM_ADMIN);
    // The code and verifier belong together; the state was issued with another verifier.
    const res = await finish(client, callback, { pkceCodeVerifier: own.pkceCodeVerifier, state: victim.state });
    expectNoSession(res);
  });

  test("a state from another provider is refused", async () => {
    const client = new ProtocolClient(t.app);
    const flow = await startFlow(client, "partner");
    const callback = await loginAtProvider(flow.url.href, SYSTEM_ADMIN);
    const res = await finish(client, callback, { pkceCodeVerifier: flow.pkceCodeVerifier, thirdPartyId: "oidc" });
    expectNoSession(res);
  });
});

describe("what the provider vouches for is still input", () => {
  test("an e-mail with a NUL from the identity provider is a 400 naming email, never a 500", async () => {
    const res = await signIn("operator-system\u0000admin@test.example");
    expect(res.statusCode).toBe(400);
    expect(res.json().formFields).toEqual([{ id: "email", error: "Email is invalid" }]);
    expect(res.headers["st-access-token"]).toBeUndefined();
  });
});
