import { hash } from "@node-rs/argon2";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { randomToken, sha256Hex } from "../../server/auth/hash";
import { createThrottles } from "../../server/auth/throttle";
import { createTestApp, type TestApp } from "./support/app";
import { decodeFrontToken, ProtocolClient } from "./support/protocol";
import { buildWorld, type World } from "./support/world";

let t: TestApp;
const throttleTime = Date.now();
let world: World;
const PASSWORD = "Correct-horse-42";

beforeAll(async () => {
  t = await createTestApp({
    sessionSettings: { accessTokenSeconds: 60, refreshTokenSeconds: 3600, refreshGraceSeconds: 1 },
    // Throttle waits measured on a clock that stands still, so a slow machine cannot outwait them.
    throttles: createThrottles({ now: () => throttleTime }),
  });
  world = await buildWorld(t.database.db, { reportsPerCompany: 3 });
  const passwordHash = await hash(PASSWORD);
  await t.database.db.updateTable("users").set({ passwordHash }).execute();
  // One person with roles in two companies.
  await t.database.db
    .insertInto("userRoles")
    .values({ userId: world.users["a:administrator"] as string, companyId: world.companies.b, types: ["user"] })
    .execute();
});
afterAll(async () => t?.close());

const email = (key: string) => `${key.replace(":", "-")}@test.example`;

async function invite(companyId: string, to: string, types: string[] = ["user"], expiresInMs = 86_400_000) {
  const token = randomToken();
  await t.database.db
    .insertInto("invites")
    .values({ companyId, email: to, types, tokenHash: sha256Hex(token), expires: new Date(Date.now() + expiresInMs) })
    .execute();
  return token;
}

describe("session refresh without a session", () => {
  test("a refresh with no refresh token answers the session-expired status 440 and clears the session", async () => {
    const res = await new ProtocolClient(t.app).refresh(undefined);
    expect(res.statusCode).toBe(440);
    expect(res.headers["front-token"]).toBe("remove");
  });
});

describe("sign-in with e-mail and password", () => {
  test("a wrong password is WRONG_CREDENTIALS_ERROR", async () => {
    const res = await new ProtocolClient(t.app).signIn(email("a:user"), "Wrong-password-1");
    expect(res.json()).toEqual({ status: "WRONG_CREDENTIALS_ERROR" });
  });

  test("an unknown e-mail is the same WRONG_CREDENTIALS_ERROR", async () => {
    const res = await new ProtocolClient(t.app).signIn("nobody@test.example", PASSWORD);
    expect(res.json()).toEqual({ status: "WRONG_CREDENTIALS_ERROR" });
  });

  test("a missing field is FIELD_ERROR naming it", async () => {
    const client = new ProtocolClient(t.app);
    const res = await client.call("POST", "/api/auth/signin", {
      formFields: [{ id: "email", value: email("a:user") }],
    });
    expect(res.json()).toEqual({
      status: "FIELD_ERROR",
      formFields: [{ id: "password", error: "Field is not optional" }],
    });
  });

  test("an invalid e-mail is FIELD_ERROR on email", async () => {
    const res = await new ProtocolClient(t.app).signIn("not-an-email", PASSWORD);
    expect(res.json()).toEqual({ status: "FIELD_ERROR", formFields: [{ id: "email", error: "Email is invalid" }] });
  });

  test("a malformed body is 400", async () => {
    const res = await new ProtocolClient(t.app).call("POST", "/api/auth/signin", { formFields: "email=x" });
    expect(res.statusCode).toBe(400);
  });

  test("success answers the user, the roles with their companies, and a front-token", async () => {
    const client = new ProtocolClient(t.app);
    const res = await client.signIn(email("a:user"), PASSWORD);
    const body = res.json();
    expect(body.status).toBe("OK");
    expect(body.user.emails).toEqual([email("a:user")]);
    expect(body.user.loginMethods[0].recipeId).toBe("emailpassword");
    expect(body.roles).toEqual([
      expect.objectContaining({
        type: ["user"],
        company: expect.objectContaining({ id: world.companies.a, name: "Alpha" }),
      }),
    ]);
    const front = decodeFrontToken(res.headers["front-token"] as string);
    expect(front.uid).toBe(body.user.id);
    expect(front.ate).toBeGreaterThan(Date.now());
    expect(client.accessToken).toBeTruthy();
    expect(client.refreshToken).toBeTruthy();
  });

  test("in cookie mode the tokens are HttpOnly, SameSite=Lax cookies, the refresh token only sent to the refresh path", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/signin",
      headers: { "st-auth-mode": "cookie", rid: "emailpassword" },
      payload: {
        formFields: [
          { id: "email", value: email("a:user") },
          { id: "password", value: PASSWORD },
        ],
      },
    });
    const cookies = res.cookies;
    const access = cookies.find((c) => c.name === "sAccessToken");
    const refresh = cookies.find((c) => c.name === "sRefreshToken");
    expect(access).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect(refresh).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/api/auth/session/refresh" });
  });

  test("a person with roles in two companies gets both roles", async () => {
    const res = await new ProtocolClient(t.app).signIn(email("a:administrator"), PASSWORD);
    const companies = res
      .json()
      .roles.map((r: { company: { id: string } }) => r.company.id)
      .sort();
    expect(companies).toEqual([world.companies.a, world.companies.b].sort());
  });

  test("after 5 wrong passwords from one address the next attempt waits, with Retry-After", async () => {
    const client = new ProtocolClient(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await client.signIn(email("b:handler"), `Wrong-${i}-pass`)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const last = await client.signIn(email("b:handler"), PASSWORD);
    expect(last.statusCode).toBe(429); // even the right password waits: the guesser must not learn it
    expect(Number(last.headers["retry-after"])).toBeGreaterThan(0);
  });
});

describe("company role tokens", () => {
  test("a session gets a role token for its company, and the token reads that company's reports", async () => {
    const client = new ProtocolClient(t.app);
    await client.signIn(email("a:user"), PASSWORD);
    expect((await client.companyToken(world.companies.a)).statusCode).toBe(200);
    const res = await t.app.inject({ method: "GET", url: "/api/label-reports", headers: client.roleHeaders });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.every((r: { companyId: string }) => r.companyId === world.companies.a)).toBe(true);
  });

  test("a role token for a company without a role there is 403", async () => {
    const client = new ProtocolClient(t.app);
    await client.signIn(email("a:user"), PASSWORD);
    expect((await client.companyToken(world.companies.b)).statusCode).toBe(403);
  });

  test("a role token without a session is the session-expired status", async () => {
    expect((await new ProtocolClient(t.app).companyToken(world.companies.a)).statusCode).toBe(440);
  });

  test("a refresh answers a new role token for the session's company and the roles", async () => {
    const client = new ProtocolClient(t.app);
    await client.signIn(email("a:user"), PASSWORD);
    await client.companyToken(world.companies.a);
    const res = await client.refresh();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.jwtToken).toEqual(expect.any(String));
    expect(body.secret).toEqual(expect.any(String));
    expect(body.roles).toHaveLength(1);
    const list = await t.app.inject({
      method: "GET",
      url: "/api/label-reports",
      headers: { "api-key": body.secret, jwt: body.jwtToken },
    });
    expect(list.statusCode).toBe(200);
  });

  test("a refresh before any company was chosen answers no jwtToken", async () => {
    const client = new ProtocolClient(t.app);
    await client.signIn(email("a:user"), PASSWORD);
    const body = (await client.refresh()).json();
    expect(body.jwtToken).toBeUndefined();
  });
});

describe("refresh-token rotation", () => {
  test("each refresh gives a new refresh token", async () => {
    const client = new ProtocolClient(t.app);
    await client.signIn(email("a:user"), PASSWORD);
    const first = client.refreshToken;
    await client.refresh();
    expect(client.refreshToken).not.toBe(first);
  });

  test("reusing an old refresh token after the grace window revokes the session for everyone", async () => {
    const client = new ProtocolClient(t.app);
    await client.signIn(email("a:user"), PASSWORD);
    await client.companyToken(world.companies.a);
    const stolen = client.refreshToken;
    expect((await client.refresh()).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 1100));
    const replay = await new ProtocolClient(t.app).refresh(stolen);
    expect(replay.statusCode).toBe(440);
    expect(replay.json().message).toBe("token theft detected");
    // The legitimate holder is signed out too, and the session's role token stops working.
    expect((await client.refresh()).statusCode).toBe(440);
    const data = await t.app.inject({ method: "GET", url: "/api/label-reports", headers: client.roleHeaders });
    expect(data.statusCode).toBe(401);
  });

  test("within the grace window the previous token still refreshes (two tabs at once)", async () => {
    const client = new ProtocolClient(t.app);
    await client.signIn(email("a:user"), PASSWORD);
    const previous = client.refreshToken;
    expect((await client.refresh()).statusCode).toBe(200);
    expect((await new ProtocolClient(t.app).refresh(previous)).statusCode).toBe(200);
  });
});

describe("a refresh answer that never reached the browser (a page load or the network cut it off)", () => {
  test("the previous token, replayed within the grace window, gives a working role token and a refresh token that keeps working", async () => {
    const client = new ProtocolClient(t.app);
    await client.signIn(email("a:user"), PASSWORD);
    await client.companyToken(world.companies.a);
    const kept = client.refreshToken;
    // The server rotates; the answer is lost, so the browser still holds `kept`.
    expect((await new ProtocolClient(t.app).refresh(kept)).statusCode).toBe(200);
    const replay = await client.refresh(kept);
    expect(replay.statusCode).toBe(200);
    const { jwtToken, secret } = replay.json();
    const list = await t.app.inject({
      method: "GET",
      url: "/api/label-reports",
      headers: { "api-key": secret, jwt: jwtToken },
    });
    expect(list.statusCode).toBe(200);
    // The token the replay answered is the session's current one: it rotates normally, not as theft.
    expect(client.refreshToken).not.toBe(kept);
    expect((await client.refresh()).statusCode).toBe(200);
    expect((await client.refresh()).statusCode).toBe(200);
  });
});

describe("sign-out", () => {
  test("signs out, clears tokens, and the old refresh token no longer works", async () => {
    const client = new ProtocolClient(t.app);
    await client.signIn(email("a:user"), PASSWORD);
    const refreshToken = client.refreshToken;
    const res = await client.call("POST", "/api/auth/signout");
    expect(res.json()).toEqual({ status: "OK" });
    expect(res.headers["front-token"]).toBe("remove");
    expect((await new ProtocolClient(t.app).refresh(refreshToken)).statusCode).toBe(440);
  });

  test("an expired access token is answered with 440, so the SDK refreshes first", async () => {
    const short = await createTestApp({
      sessionSettings: { accessTokenSeconds: 1, refreshTokenSeconds: 3600, refreshGraceSeconds: 30 },
    });
    try {
      const w = await buildWorld(short.database.db, { reportsPerCompany: 1 });
      await short.database.db
        .updateTable("users")
        .set({ passwordHash: await hash(PASSWORD) })
        .execute();
      // The clock is moved, not waited for: on a busy machine a real second can pass between
      // the refresh and the next request, and the fresh one-second token would expire too.
      vi.useFakeTimers({ toFake: ["Date"], now: new Date() });
      const client = new ProtocolClient(short.app);
      await client.signIn(email("a:user"), PASSWORD);
      vi.setSystemTime(Date.now() + 2_100);
      expect((await client.companyToken(w.companies.a)).statusCode).toBe(440);
      expect((await client.refresh()).statusCode).toBe(200);
      expect((await client.companyToken(w.companies.a)).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
      await short.close();
    }
  });
});

describe("sign-up by invitation", () => {
  const signUp = (client: ProtocolClient, address: string, password: string, token?: string) =>
    client.call(
      "POST",
      "/api/auth/signup",
      {
        formFields: [
          { id: "email", value: address },
          { id: "password", value: password },
          { id: "firstName", value: "Ada" },
        ],
      },
      token ? { "invite-token": token } : {},
    );

  test("without an invite token sign-up is SIGN_UP_NOT_ALLOWED with a reason", async () => {
    const res = await signUp(new ProtocolClient(t.app), "new1@test.example", PASSWORD);
    expect(res.json()).toEqual({ status: "SIGN_UP_NOT_ALLOWED", reason: expect.stringContaining("invitation") });
  });

  test("an invitation puts the new account in the invited company with the invited roles", async () => {
    const token = await invite(world.companies.b, "new2@test.example", ["administrator"]);
    const res = await signUp(new ProtocolClient(t.app), "new2@test.example", PASSWORD, token);
    const body = res.json();
    expect(body.status).toBe("OK");
    expect(body.roles).toEqual([
      expect.objectContaining({ type: ["administrator"], company: expect.objectContaining({ id: world.companies.b }) }),
    ]);
  });

  test("an invitation works once", async () => {
    const token = await invite(world.companies.b, "new3@test.example");
    expect((await signUp(new ProtocolClient(t.app), "new3@test.example", PASSWORD, token)).json().status).toBe("OK");
    expect((await signUp(new ProtocolClient(t.app), "new3@test.example", PASSWORD, token)).json().status).toBe(
      "SIGN_UP_NOT_ALLOWED",
    );
  });

  test("an expired invitation is SIGN_UP_NOT_ALLOWED", async () => {
    const token = await invite(world.companies.b, "new4@test.example", ["user"], -1000);
    expect((await signUp(new ProtocolClient(t.app), "new4@test.example", PASSWORD, token)).json().status).toBe(
      "SIGN_UP_NOT_ALLOWED",
    );
  });

  test("an invitation is for its own e-mail address only", async () => {
    const token = await invite(world.companies.b, "new5@test.example");
    const res = await signUp(new ProtocolClient(t.app), "someone-else@test.example", PASSWORD, token);
    expect(res.json()).toEqual({
      status: "FIELD_ERROR",
      formFields: [{ id: "email", error: "This invitation is for new5@test.example" }],
    });
  });

  test("a weak password is FIELD_ERROR on password", async () => {
    const token = await invite(world.companies.b, "new6@test.example");
    const res = await signUp(new ProtocolClient(t.app), "new6@test.example", "short", token);
    expect(res.json().formFields).toEqual([{ id: "password", error: expect.stringContaining("8 characters") }]);
  });

  test("preRegister tells the sign-up page what the invitation is for", async () => {
    const token = await invite(world.companies.b, "new7@test.example", ["user"]);
    const res = await t.app.inject({
      method: "GET",
      url: "/api/userInvites/preRegister",
      headers: { "api-key": token, jwt: token },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      email: "new7@test.example",
      roles: ["user"],
      company: { id: world.companies.b, name: "Bravo" },
      hasAccount: false,
    });
  });

  test("preRegister with an unknown token is 404", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/userInvites/preRegister",
      headers: { "api-key": "nope", jwt: "nope" },
    });
    expect(res.statusCode).toBe(404);
  });

  test("an existing account confirms an invitation into another company while signed in", async () => {
    const token = await invite(world.companies.b, email("a:user"), ["user"]);
    const client = new ProtocolClient(t.app);
    await client.signIn(email("a:user"), PASSWORD);
    const res = await client.call("POST", "/api/userInvites/confirm", { inviteToken: token });
    expect(res.statusCode).toBe(200);
    expect(res.json().roles.map((r: { company: { id: string } }) => r.company.id)).toContain(world.companies.b);
    await t.database.db
      .deleteFrom("userRoles")
      .where("userId", "=", world.users["a:user"] as string)
      .where("companyId", "=", world.companies.b)
      .execute();
  });
});

describe("password reset", () => {
  const latestMail = async (to: string) =>
    t.database.db.selectFrom("outbox").selectAll().where("recipient", "=", to).orderBy("id", "desc").executeTakeFirst();
  const requestReset = (address: string) =>
    new ProtocolClient(t.app).call("POST", "/api/auth/user/password/reset/token", {
      formFields: [{ id: "email", value: address }],
    });
  const reset = (token: string, password: string) =>
    new ProtocolClient(t.app).call("POST", "/api/auth/user/password/reset", {
      formFields: [{ id: "password", value: password }],
      token,
      method: "token",
    });

  test("the reset link arrives by e-mail, sets the new password once, and the new password signs in", async () => {
    const address = email("sub:user");
    expect((await requestReset(address)).json()).toEqual({ status: "OK" });
    const mail = await latestMail(address);
    const link = /http:\/\/dashboard\.test\/reset-password\?token=([^&\s]+)&tenantId=public/.exec(mail?.text ?? "");
    expect(link).not.toBeNull();
    const token = decodeURIComponent(link?.[1] as string);
    expect((await reset(token, "Brand-new-pass-7")).json()).toEqual({ status: "OK" });
    expect((await reset(token, "Another-pass-8")).json()).toEqual({ status: "RESET_PASSWORD_INVALID_TOKEN_ERROR" });
    expect((await new ProtocolClient(t.app).signIn(address, "Brand-new-pass-7")).json().status).toBe("OK");
  });

  test("an unknown e-mail gets the same OK and no mail is sent", async () => {
    expect((await requestReset("ghost@test.example")).json()).toEqual({ status: "OK" });
    expect(await latestMail("ghost@test.example")).toBeUndefined();
  });

  test("a wrong token is RESET_PASSWORD_INVALID_TOKEN_ERROR", async () => {
    expect((await reset("made-up", "Brand-new-pass-7")).json()).toEqual({
      status: "RESET_PASSWORD_INVALID_TOKEN_ERROR",
    });
  });

  test("a weak new password is FIELD_ERROR on password", async () => {
    const res = await reset("made-up", "abc");
    expect(res.json().status).toBe("FIELD_ERROR");
    expect(res.json().formFields[0].id).toBe("password");
  });
});
