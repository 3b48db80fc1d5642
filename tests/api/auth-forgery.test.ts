import {
  decodeJwt,
  decodeProtectedHeader,
  exportSPKI,
  generateKeyPair,
  importJWK,
  type JWK,
  SignJWT,
  UnsecuredJWT,
} from "jose";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { randomToken, sha256Hex } from "../../server/auth/hash";
import { createTestApp, type TestApp } from "./support/app";
import { ProtocolClient } from "./support/protocol";
import { buildWorld, setEveryPassword, type World } from "./support/world";

/**
 * Forged and stale credentials: a JWT with `alg: none`, one signed by a key the server
 * does not hold, one whose algorithm is swapped to HMAC keyed with the public key, and
 * an expired one are all refused, for both the company role token and the session's
 * access token. Invitations work once and never after they expire.
 */

let t: TestApp;
let world: World;
const PASSWORD = "Correct-horse-42";
const email = (key: string) => `${key.replace(":", "-")}@test.example`;

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db, { reportsPerCompany: 2 });
  await setEveryPassword(t.database.db, PASSWORD);
});
afterAll(async () => t?.close());

/** A real role token of a user of company A; forgeries keep its claims and change one thing. */
async function realRoleToken() {
  const headers = await t.headersFor(world.users["a:administrator"] as string, world.companies.a);
  return { headers, claims: decodeJwt(headers.jwt as string), header: decodeProtectedHeader(headers.jwt as string) };
}

const listReports = (headers: Record<string, string>) =>
  t.app.inject({ method: "GET", url: "/api/label-reports", headers });

async function signedBy(
  key: Parameters<SignJWT["sign"]>[0],
  claims: Record<string, unknown>,
  header: Record<string, unknown>,
) {
  return new SignJWT(claims).setProtectedHeader({ ...header, alg: "ES256" } as { alg: string }).sign(key);
}

describe("company role tokens", () => {
  test("the genuine token reads the list (control for the forgeries below)", async () => {
    const { headers } = await realRoleToken();
    expect((await listReports(headers)).statusCode).toBe(200);
  });

  test("a JWT with alg none is refused with 401", async () => {
    const { headers, claims, header } = await realRoleToken();
    const forged = new UnsecuredJWT(claims).encode();
    // The unsecured encoder writes `typ` only when asked; put the real header fields back.
    const [, body] = forged.split(".");
    const head = Buffer.from(JSON.stringify({ ...header, alg: "none" })).toString("base64url");
    const res = await listReports({ ...headers, jwt: `${head}.${body}.` });
    expect(res.statusCode).toBe(401);
    expect(res.body).not.toContain("Alpha");
  });

  test("a JWT signed by another ES256 key under the server's key id is refused with 401", async () => {
    const { headers, claims, header } = await realRoleToken();
    const other = await generateKeyPair("ES256");
    const res = await listReports({ ...headers, jwt: await signedBy(other.privateKey, claims, header) });
    expect(res.statusCode).toBe(401);
  });

  test("a JWT signed by another ES256 key under an unknown key id is refused with 401", async () => {
    const { headers, claims, header } = await realRoleToken();
    const other = await generateKeyPair("ES256");
    const jwt = await signedBy(other.privateKey, claims, { ...header, kid: "k-attacker" });
    expect((await listReports({ ...headers, jwt })).statusCode).toBe(401);
  });

  test("a JWT switched to HS256 and keyed with the server's public key is refused with 401", async () => {
    const { headers, claims, header } = await realRoleToken();
    const publicKey = await importJWK(t.keys.jwks.keys[0] as JWK, "ES256", { extractable: true });
    const publicPem = await exportSPKI(publicKey as CryptoKey);
    const jwt = await new SignJWT(claims)
      .setProtectedHeader({ ...header, alg: "HS256" } as { alg: string })
      .sign(new TextEncoder().encode(publicPem));
    expect((await listReports({ ...headers, jwt })).statusCode).toBe(401);
  });

  test("an expired JWT signed by the server's own key is refused with 401", async () => {
    const { headers, claims, header } = await realRoleToken();
    const past = Math.floor(Date.now() / 1000) - 3600;
    const jwt = await signedBy(t.keys.privateKey, { ...claims, iat: past - 60, exp: past }, header);
    expect((await listReports({ ...headers, jwt })).statusCode).toBe(401);
  });

  test("a JWT whose claims name another company is refused with 401 even with a valid signature", async () => {
    const { headers, claims, header } = await realRoleToken();
    const jwt = await signedBy(t.keys.privateKey, { ...claims, cid: world.companies.b }, header);
    expect((await listReports({ ...headers, jwt })).statusCode).toBe(401);
  });
});

describe("session access tokens", () => {
  async function session() {
    const client = new ProtocolClient(t.app);
    await client.signIn(email("a:user"), PASSWORD);
    const token = client.accessToken as string;
    return { client, claims: decodeJwt(token), header: decodeProtectedHeader(token) };
  }
  const companyToken = (accessToken: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/auth/token",
      headers: { "st-auth-mode": "header", rid: "session", authorization: `Bearer ${accessToken}` },
      payload: { companyId: world.companies.a },
    });

  test("the genuine access token gets a role token (control)", async () => {
    const { client } = await session();
    expect((await companyToken(client.accessToken as string)).statusCode).toBe(200);
  });

  test("an access token with alg none is the session-expired status, not a role token", async () => {
    const { claims, header } = await session();
    const head = Buffer.from(JSON.stringify({ ...header, alg: "none" })).toString("base64url");
    const body = Buffer.from(JSON.stringify(claims)).toString("base64url");
    const res = await companyToken(`${head}.${body}.`);
    expect(res.statusCode).toBe(440);
    expect(res.body).not.toContain("jwtToken");
  });

  test("an access token signed by another key is the session-expired status", async () => {
    const { claims, header } = await session();
    const other = await generateKeyPair("ES256");
    expect((await companyToken(await signedBy(other.privateKey, claims, header))).statusCode).toBe(440);
  });

  test("an expired access token signed by the server's key is the session-expired status", async () => {
    const { claims, header } = await session();
    const past = Math.floor(Date.now() / 1000) - 60;
    const jwt = await signedBy(t.keys.privateKey, { ...claims, iat: past - 60, exp: past }, header);
    expect((await companyToken(jwt)).statusCode).toBe(440);
  });
});

describe("invitations for existing accounts", () => {
  async function invite(to: string, expiresInMs = 86_400_000) {
    const token = randomToken();
    await t.database.db
      .insertInto("invites")
      .values({
        companyId: world.companies.b,
        email: to,
        types: ["user"],
        tokenHash: sha256Hex(token),
        expires: new Date(Date.now() + expiresInMs),
      })
      .execute();
    return token;
  }
  const confirm = async (token: string) => {
    const client = new ProtocolClient(t.app);
    await client.signIn(email("a:handler"), PASSWORD);
    return client.call("POST", "/api/userInvites/confirm", { inviteToken: token });
  };

  test("an invitation confirmed once cannot be confirmed again (404)", async () => {
    const token = await invite(email("a:handler"));
    expect((await confirm(token)).statusCode).toBe(200);
    expect((await confirm(token)).statusCode).toBe(404);
  });

  test("an expired invitation is not confirmed and grants no role (404)", async () => {
    const token = await invite(email("a:subHandler"), -1000);
    const client = new ProtocolClient(t.app);
    await client.signIn(email("a:subHandler"), PASSWORD);
    const res = await client.call("POST", "/api/userInvites/confirm", { inviteToken: token });
    expect(res.statusCode).toBe(404);
    const roles = await t.database.db
      .selectFrom("userRoles")
      .select("id")
      .where("userId", "=", world.users["a:subHandler"] as string)
      .where("companyId", "=", world.companies.b)
      .execute();
    expect(roles).toEqual([]);
  });

  test("preRegister of a used invitation is 404", async () => {
    const token = await invite(email("a:administrator"));
    const client = new ProtocolClient(t.app);
    await client.signIn(email("a:administrator"), PASSWORD);
    await client.call("POST", "/api/userInvites/confirm", { inviteToken: token });
    const res = await t.app.inject({
      method: "GET",
      url: "/api/userInvites/preRegister",
      headers: { "api-key": token, jwt: token },
    });
    expect(res.statusCode).toBe(404);
  });
});
