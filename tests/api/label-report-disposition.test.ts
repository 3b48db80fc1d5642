import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { newApiKey } from "../../server/auth/api-keys";
import { pdfText } from "../support/pdf-text";
import { createTestApp, type TestApp } from "./support/app";
import { ProtocolClient } from "./support/protocol";
import { buildWorld, MEMBER_ROLES, setEveryPassword, type World } from "./support/world";

/**
 * A QA disposition is an electronic signature (21 CFR Part 11
 * §11.50, §11.200). Only the person themself signs, with a fresh proof, on an ended
 * report of their companies; the record is append-only and shows on the report, the
 * list, the audit trail and the content hash.
 */

let t: TestApp;
let world: World;
const PASSWORD = "Signing-pass-1";

beforeAll(async () => {
  t = await createTestApp();
  // Statuses by index (support/world.ts): 0 ended, 1 recording, 2 stopped, 3 notStarted, 4 ended, …
  world = await buildWorld(t.database.db, { reportsPerCompany: 24 });
  await setEveryPassword(t.database.db, PASSWORD);
});
afterAll(async () => t?.close());

const email = (key: string) => `${key.replace(":", "-")}@test.example`;
const userId = (key: string) => world.users[key] as string;
const reportA = (i: number) => world.reports.a[i] as string;
const url = (id: string) => `/api/label-reports/${id}/disposition`;

async function signedIn(key: string, company: keyof World["companies"] = "a") {
  const client = new ProtocolClient(t.app);
  expect((await client.signIn(email(key), PASSWORD)).json().status).toBe("OK");
  expect((await client.companyToken(world.companies[company])).statusCode).toBe(200);
  return client;
}

const post = (path: string, headers: Record<string, string> | undefined, payload?: object) =>
  t.app.inject({ method: "POST", url: path, headers: headers ?? {}, ...(payload ? { payload } : {}) });

const sign = (id: string, headers: Record<string, string> | undefined, body: object = {}) =>
  post(url(id), headers, { disposition: "released", comment: "Checked the record", password: PASSWORD, ...body });

async function detail(id: string, key = "a:user") {
  const res = await t.app.inject({
    method: "GET",
    url: `/api/label-reports/${id}`,
    headers: await t.headersFor(userId(key), world.companies.a),
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

const storedCount = async (id: string) =>
  Number(
    (
      await t.database.db
        .selectFrom("labelReportDispositions")
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .where("reportId", "=", id)
        .executeTakeFirstOrThrow()
    ).n,
  );

async function lastMessageTo(recipient: string) {
  return t.database.db
    .selectFrom("outbox")
    .select(["subject", "text"])
    .where((eb) => eb(eb.fn("lower", ["recipient"]), "=", recipient.toLowerCase()))
    .orderBy("id", "desc")
    .executeTakeFirst();
}
const codeIn = (text: string | undefined) => /\b(\d{6})\b/.exec(text ?? "")?.[1] ?? "";

describe("signing a disposition", () => {
  test("an administrator signs with the password: 201, and the report shows value, meaning, printed name and UTC time", async () => {
    const admin = await signedIn("a:administrator");
    const before = Date.now();
    const res = await sign(reportA(0), admin.sessionHeaders, { comment: "Temperature fine, seals intact" });
    expect(res.statusCode).toBe(201);
    const report = await detail(reportA(0));
    expect(report.disposition).toEqual({
      value: "released",
      comment: "Temperature fine, seals intact",
      meaning: "Released for sale",
      signedBy: { id: userId("a:administrator"), name: "a-administrator Tester", email: email("a:administrator") },
      signedAt: expect.stringMatching(/Z$/),
      contentHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      verdict: expect.stringMatching(/^(violation|noData|incomplete|ok)$/),
      supersededAt: null,
      supersededBy: null,
      deviation: null,
    });
    expect(Date.parse(report.disposition.signedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(report.dispositionHistory).toEqual([report.disposition]);
  });

  test("a report nobody signed has a null disposition and an empty history", async () => {
    const report = await detail(reportA(8));
    expect(report.disposition).toBeNull();
    expect(report.dispositionHistory).toEqual([]);
  });

  test("a newer disposition supersedes the older one, which stays in the history, newest first", async () => {
    const admin = await signedIn("a:administrator");
    expect((await sign(reportA(4), admin.sessionHeaders, { disposition: "quarantined" })).statusCode).toBe(201);
    expect((await sign(reportA(4), admin.sessionHeaders, { disposition: "rejected" })).statusCode).toBe(201);
    const report = await detail(reportA(4));
    expect(report.disposition.value).toBe("rejected");
    expect(report.dispositionHistory.map((d: { value: string; meaning: string }) => [d.value, d.meaning])).toEqual([
      ["rejected", "Rejected"],
      ["quarantined", "Quarantined: investigation open"],
    ]);
  });

  test("archiving and trimming a signed report answer, each with the history that keeps the signature", async () => {
    const admin = await signedIn("a:administrator");
    expect((await sign(reportA(8), admin.sessionHeaders)).statusCode).toBe(201);
    const archived = await t.app.inject({
      method: "PATCH",
      url: `/api/label-reports/${reportA(8)}`,
      headers: await t.headersFor(userId("a:administrator"), world.companies.a),
      payload: { isArchived: true, reason: "Shipment cancelled before loading" },
    });
    expect(archived.statusCode).toBe(200);
    expect(archived.json().dispositionHistory[0].value).toBe("released");
    const trimmed = await post(
      `/api/label-reports/${reportA(8)}/trim`,
      await t.headersFor(userId("a:trimmer"), world.companies.a),
      { start: null, end: null, reason: "Label stopped after unloading" },
    );
    expect(trimmed.statusCode).toBe(200);
    expect(trimmed.json().dispositionHistory).toHaveLength(1);
  });

  test("a stopped report can be signed too (it has ended recording)", async () => {
    const admin = await signedIn("a:administrator");
    expect((await sign(reportA(2), admin.sessionHeaders)).statusCode).toBe(201);
  });

  test("a report still recording or not started is a 409, nothing stored", async () => {
    const admin = await signedIn("a:administrator");
    for (const i of [1, 3]) {
      const res = await sign(reportA(i), admin.sessionHeaders);
      expect(res.statusCode, `report ${i}`).toBe(409);
      expect(await storedCount(reportA(i))).toBe(0);
    }
  });

  test("an unknown disposition value is a 400", async () => {
    const admin = await signedIn("a:administrator");
    const res = await sign(reportA(12), admin.sessionHeaders, { disposition: "approved" });
    expect(res.statusCode).toBe(400);
    expect(await storedCount(reportA(12))).toBe(0);
  });

  test("a signed disposition row cannot be updated in the database: it is append-only", async () => {
    const admin = await signedIn("a:administrator");
    expect((await sign(reportA(16), admin.sessionHeaders)).statusCode).toBe(201);
    await expect(
      t.database.db
        .updateTable("labelReportDispositions")
        .set({ value: "rejected" })
        .where("reportId", "=", reportA(16))
        .execute(),
    ).rejects.toThrow(/cannot be changed/);
  });
});

describe("the fresh proof", () => {
  test("a wrong password is a 400 naming password, and nothing is stored", async () => {
    const admin = await signedIn("a:administrator");
    const res = await sign(reportA(20), admin.sessionHeaders, { password: "Not-the-password-1" });
    expect(res.statusCode).toBe(400);
    expect(res.json().formFields.map((f: { id: string }) => f.id)).toEqual(["password"]);
    expect(await storedCount(reportA(20))).toBe(0);
    expect((await detail(reportA(20))).disposition).toBeNull();
  });

  test("no password and no code is a 400 naming password", async () => {
    const admin = await signedIn("a:administrator");
    const res = await post(url(reportA(20)), admin.sessionHeaders, { disposition: "released" });
    expect(res.statusCode).toBe(400);
    expect(res.json().formFields.map((f: { id: string }) => f.id)).toEqual(["password"]);
  });

  test("guessing the password at the signing dialog is throttled like guessing a sign-in: the 11th try is a 429", async () => {
    const report = world.reports.sub[4] as string;
    const guesser = await signedIn("sub:administrator", "sub");
    for (let i = 0; i < 10; i++) {
      const res = await sign(report, guesser.sessionHeaders, { password: `Guess-${i}-x` });
      expect(res.statusCode, `try ${i + 1}`).toBe(400);
    }
    const right = await sign(report, guesser.sessionHeaders);
    expect(right.statusCode).toBe(429);
    expect(await storedCount(report)).toBe(0);
  });

  test("signing a report with incomplete data needs a comment of at least 10 characters", async () => {
    const report = reportA(22);
    await t.database.db.updateTable("labelReports").set({ dataIncomplete: true }).where("id", "=", report).execute();
    const client = await signedIn("a:administrator");
    const short = await sign(report, client.sessionHeaders, { comment: "Checked" });
    expect(short.statusCode).toBe(400);
    expect(short.json().formFields[0].id).toBe("comment");
    expect(await storedCount(report)).toBe(0);
    const explained = await sign(report, client.sessionHeaders, { comment: "Gap checked with the carrier's log" });
    expect(explained.statusCode).toBe(201);
  });

  test("an account without a password signs with a code e-mailed for signing", async () => {
    const client = await signedIn("a:distributorAdmin");
    await t.database.db
      .updateTable("users")
      .set({ passwordHash: null })
      .where("id", "=", userId("a:distributorAdmin"))
      .execute();
    const withPassword = await sign(reportA(8), client.sessionHeaders);
    expect(withPassword.statusCode).toBe(400);
    expect(withPassword.json().formFields[0].id).toBe("password");

    expect(
      (await post(`${url(reportA(8))}/email-code`, client.sessionHeaders, { disposition: "quarantined" })).statusCode,
    ).toBe(200);
    const mail = await lastMessageTo(email("a:distributorAdmin"));
    expect(mail?.subject).toMatch(/sign/i);
    const res = await post(url(reportA(8)), client.sessionHeaders, {
      disposition: "quarantined",
      comment: "Checked the record",
      code: codeIn(mail?.text),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().signedBy.email).toBe(email("a:distributorAdmin"));
  });

  test("a signing code signs only the report it was asked for (400 on code for another)", async () => {
    const admin = await signedIn("a:administrator");
    expect(
      (await post(`${url(reportA(16))}/email-code`, admin.sessionHeaders, { disposition: "released" })).statusCode,
    ).toBe(200);
    const code = codeIn((await lastMessageTo(email("a:administrator")))?.text);
    const other = await post(url(reportA(20)), admin.sessionHeaders, { disposition: "released", code });
    expect(other.statusCode).toBe(400);
    expect(other.json().formFields[0].id).toBe("code");
    expect(await storedCount(reportA(20))).toBe(0);
  });

  test("a signing code signs only the disposition it was asked for (400 on code for another)", async () => {
    const admin = await signedIn("a:administrator");
    expect(
      (await post(`${url(reportA(16))}/email-code`, admin.sessionHeaders, { disposition: "quarantined" })).statusCode,
    ).toBe(200);
    const mail = await lastMessageTo(email("a:administrator"));
    expect(mail?.text).toContain('"Quarantined"');
    const before = await storedCount(reportA(16));
    const released = await post(url(reportA(16)), admin.sessionHeaders, {
      disposition: "released",
      code: codeIn(mail?.text),
    });
    expect(released.statusCode).toBe(400);
    expect(released.json().formFields[0].id).toBe("code");
    expect(await storedCount(reportA(16))).toBe(before);
  });

  test("asking for a signing code without saying which disposition is a 400 naming disposition", async () => {
    const admin = await signedIn("a:administrator");
    const res = await post(`${url(reportA(12))}/email-code`, admin.sessionHeaders, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().formFields.map((f: { id: string }) => f.id)).toEqual(["disposition"]);
  });

  test("a code mailed for a phone change does not sign (400 on code)", async () => {
    const client = await signedIn("a:systemAdmin");
    await t.database.db
      .updateTable("users")
      .set({ passwordHash: null })
      .where("id", "=", userId("a:systemAdmin"))
      .execute();
    expect((await post("/api/me/phone/email-code", client.sessionHeaders)).statusCode).toBe(200);
    const code = codeIn((await lastMessageTo(email("a:systemAdmin")))?.text);
    const res = await post(url(reportA(20)), client.sessionHeaders, { disposition: "released", code });
    expect(res.statusCode).toBe(400);
    expect(res.json().formFields.map((f: { id: string }) => f.id)).toEqual(["code"]);
    expect(await storedCount(reportA(20))).toBe(0);
  });
});

describe("who may sign (each principal kind)", () => {
  test("with their own sign-in session, administrators, distributor and system administrators sign; the other roles get 403", async () => {
    const report = world.reports.b[4] as string;
    for (const role of MEMBER_ROLES) {
      const client = await signedIn(`b:${role}`, "b");
      const res = await sign(report, client.sessionHeaders);
      const allowed = ["administrator", "distributorAdmin", "systemAdmin"].includes(role);
      expect(res.statusCode, role).toBe(allowed ? 201 : 403);
    }
    const history = await t.database.db
      .selectFrom("labelReportDispositions")
      .select("signerEmail")
      .where("reportId", "=", report)
      .orderBy("signerEmail")
      .execute();
    expect(history.map((h) => h.signerEmail)).toEqual([
      email("b:administrator"),
      email("b:distributorAdmin"),
      email("b:systemAdmin"),
    ]);
  });

  test("a leaked role token without its sign-in session cannot sign, even with the password (440)", async () => {
    const headers = await t.headersFor(userId("a:administrator"), world.companies.a);
    const res = await sign(reportA(12), headers);
    expect(res.statusCode).toBe(440);
    expect(await storedCount(reportA(12))).toBe(0);
  });

  test("an impersonation token cannot sign, even beside the operator's session and with the victim's password (403)", async () => {
    const operator = await signedIn("operator:systemAdmin", "operator");
    const started = await post("/api/auth/impersonate", operator.roleHeaders, {
      userId: userId("a:administrator"),
      companyId: world.companies.a,
    });
    expect(started.statusCode).toBe(200);
    const { roleToken } = started.json();
    const headers = {
      "api-key": roleToken.secret,
      jwt: roleToken.jwtToken,
      authorization: `Bearer ${operator.accessToken}`,
    };
    expect((await sign(reportA(12), headers)).statusCode).toBe(403);
    expect((await post(`${url(reportA(12))}/email-code`, headers, { disposition: "quarantined" })).statusCode).toBe(
      403,
    );
    expect(await storedCount(reportA(12))).toBe(0);
  });

  test("an impersonation token is refused before the report is looked at: another company's report is 403, not 404", async () => {
    const operator = await signedIn("operator:systemAdmin", "operator");
    const started = await post("/api/auth/impersonate", operator.roleHeaders, {
      userId: userId("a:administrator"),
      companyId: world.companies.a,
    });
    const { roleToken } = started.json();
    const headers = { "api-key": roleToken.secret, jwt: roleToken.jwtToken };
    const foreign = world.reports.b[0] as string;
    expect((await sign(foreign, headers)).statusCode).toBe(403);
    expect((await post(`${url(foreign)}/email-code`, headers, { disposition: "quarantined" })).statusCode).toBe(403);
  });

  test("an API key cannot sign (403)", async () => {
    const { key, prefix, keyHash } = newApiKey();
    await t.database.db
      .insertInto("apiKeys")
      .values({ companyId: world.companies.a, createdBy: userId("a:administrator"), name: "wms", prefix, keyHash })
      .execute();
    expect((await sign(reportA(12), { "api-key": key })).statusCode).toBe(403);
    expect(
      (await post(`${url(reportA(12))}/email-code`, { "api-key": key }, { disposition: "quarantined" })).statusCode,
    ).toBe(403);
    expect(await storedCount(reportA(12))).toBe(0);
  });

  test("without credentials signing is a 401", async () => {
    expect((await sign(reportA(12), undefined)).statusCode).toBe(401);
    expect((await post(`${url(reportA(12))}/email-code`, undefined, { disposition: "quarantined" })).statusCode).toBe(
      401,
    );
  });

  test("another company's report is a 404 to an administrator, and its code is not mailed", async () => {
    const admin = await signedIn("a:administrator");
    const foreign = world.reports.b[8] as string;
    const res = await sign(foreign, admin.sessionHeaders);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("Label report not found");
    expect(
      (await post(`${url(foreign)}/email-code`, admin.sessionHeaders, { disposition: "quarantined" })).json().message,
    ).toBe("Label report not found");
    expect(await storedCount(foreign)).toBe(0);
  });

  test("a distributor administrator signs a sub-company's report", async () => {
    const client = await signedIn("distributor:distributorAdmin", "distributor");
    const res = await sign(world.reports.sub[0] as string, client.sessionHeaders);
    expect(res.statusCode).toBe(201);
  });
});

describe("where the disposition shows", () => {
  test("the audit trail has the disposition with old and new value and the comment", async () => {
    const admin = await signedIn("a:administrator");
    expect((await sign(reportA(6), admin.sessionHeaders, { comment: "Probe replaced" })).statusCode).toBe(201);
    expect(
      (await sign(reportA(6), admin.sessionHeaders, { disposition: "rejected", comment: "Probe wrong" })).statusCode,
    ).toBe(201);
    const res = await t.app.inject({
      method: "GET",
      url: `/api/label-reports/${reportA(6)}/audit`,
      headers: await t.headersFor(userId("a:user"), world.companies.a),
    });
    const entries = res.json().filter((e: { action: string }) => e.action === "disposition");
    expect(
      entries.map((e: { before: unknown; after: { disposition: string }; reason: string }) => [
        e.before,
        e.after.disposition,
        e.reason,
      ]),
    ).toEqual([
      [{ disposition: "released" }, "rejected", "Probe wrong"],
      [{ disposition: null }, "released", "Probe replaced"],
    ]);
  });

  test("the list has a disposition column and filters by disposition[eq]released", async () => {
    const admin = await signedIn("a:administrator");
    expect((await sign(reportA(10), admin.sessionHeaders, { disposition: "quarantined" })).statusCode).toBe(201);
    expect((await sign(reportA(10), admin.sessionHeaders, { disposition: "released" })).statusCode).toBe(201);
    const headers = await t.headersFor(userId("a:user"), world.companies.a);
    const res = await t.app.inject({
      method: "GET",
      url: `/api/label-reports?filter=${encodeURIComponent("disposition[eq]released")}&pageSize=100`,
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows: { id: string; disposition: string }[] = res.json().data;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.disposition === "released")).toBe(true);
    expect(rows.map((r) => r.id)).toContain(reportA(10));
    const quarantined = await t.app.inject({
      method: "GET",
      url: `/api/label-reports?filter=${encodeURIComponent("disposition[eq]quarantined")}&pageSize=100`,
      headers,
    });
    expect(quarantined.json().data.map((r: { id: string }) => r.id)).not.toContain(reportA(10));
  });

  test("signing changes the content hash of the downloads, and the CSV names the disposition", async () => {
    const report = reportA(14);
    const headers = await t.headersFor(userId("a:user"), world.companies.a);
    const download = () =>
      t.app.inject({ method: "GET", url: `/api/label-reports/${report}/export?fileType=csv`, headers });
    const before = await download();
    expect(before.statusCode).toBe(200);
    const admin = await signedIn("a:administrator");
    expect((await sign(report, admin.sessionHeaders)).statusCode).toBe(201);
    const after = await download();
    expect(after.headers["x-content-sha256"]).not.toBe(before.headers["x-content-sha256"]);
    expect(after.body).toContain("# disposition,released");
  });

  test("the PDF prints the disposition in force: value, meaning, printed name, address and UTC time", async () => {
    const report = reportA(18);
    const admin = await signedIn("a:administrator");
    const signed = await sign(report, admin.sessionHeaders, { disposition: "rejected", comment: "Seal broken" });
    expect(signed.statusCode).toBe(201);
    const res = await t.app.inject({
      method: "GET",
      url: `/api/label-reports/${report}/export`,
      headers: await t.headersFor(userId("a:user"), world.companies.a),
    });
    expect(res.statusCode).toBe(200);
    const text = (await pdfText(res.rawPayload)).replace(/\s+/g, " ");
    expect(text).toContain("QA disposition");
    expect(text).toMatch(/Disposition Rejected/);
    expect(text).toMatch(/Meaning of the signature Rejected/);
    expect(text).toContain(`a-administrator Tester (${email("a:administrator")})`);
    expect(text).toContain(`${signed.json().signedAt} UTC`);
    expect(text).toContain("Seal broken");
  });
});
