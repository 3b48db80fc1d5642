import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { newApiKey } from "../../server/auth/api-keys";
import { hashShareToken } from "../../server/reports/share-links";
import { createTestApp, roleTokenFor, type TestApp } from "./support/app";
import { buildWorld, MEMBER_ROLES, type World } from "./support/world";

/**
 * A read-only link to one report for a partner without an account.
 * Administrators create, list and revoke links of their companies' reports; the public
 * page opens with the token alone, answers 410 once expired or revoked, is limited per
 * address, records every open and shows nothing but the one report.
 */

let t: TestApp;
let world: World;
// Statuses by index (support/world.ts): 0 ended, 1 recording, 2 stopped, 3 notStarted, 4 ended, …
const reportA = (i: number) => world.reports.a[i] as string;
const userId = (key: string) => world.users[key] as string;
const links = (id: string) => `/api/label-reports/${id}/share-links`;

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db, { reportsPerCompany: 16 });
});
afterAll(async () => t?.close());

const admin = () => t.headersFor(userId("a:administrator"), world.companies.a);

const inject = (
  method: "GET" | "POST" | "DELETE",
  url: string,
  headers: Record<string, string> = {},
  payload?: object,
) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

let addressCounter = 0;
/** Each public request from its own address, so the per-address limit is only met where a test means it. */
const open = (
  path: string,
  remoteAddress = `10.0.${Math.floor(addressCounter / 250)}.${(addressCounter++ % 250) + 1}`,
) => t.app.inject({ method: "GET", url: path, remoteAddress });

async function createLink(id = reportA(0), body: object = {}) {
  const res = await inject("POST", links(id), await admin(), body);
  expect(res.statusCode).toBe(201);
  const json = res.json() as { id: string; url: string; expiresAt: string };
  const token = json.url.split("/share/")[1] as string;
  return { ...json, token };
}

describe("creating a link", () => {
  test("an administrator creates a link: 201 with id, a /share/{token} url on the public address and the expiry 30 days on", async () => {
    const before = Date.now();
    const link = await createLink();
    expect(link.url).toMatch(/^http:\/\/dashboard\.test\/share\/[A-Za-z0-9_-]{43}$/);
    const days = (Date.parse(link.expiresAt) - before) / 86_400_000;
    expect(days).toBeGreaterThan(29.99);
    expect(days).toBeLessThan(30.01);
  });

  test("expiresInDays sets the expiry", async () => {
    const before = Date.now();
    const link = await createLink(reportA(0), { expiresInDays: 7 });
    expect(Math.round((Date.parse(link.expiresAt) - before) / 86_400_000)).toBe(7);
  });

  test("expiresInDays outside 1–90 or not a whole number is a 400 naming expiresInDays, and no link is made", async () => {
    const id = reportA(5);
    for (const expiresInDays of [0, 91, -3, 2.5, "soon"]) {
      const res = await inject("POST", links(id), await admin(), { expiresInDays });
      expect(res.statusCode, String(expiresInDays)).toBe(400);
      expect(res.json().formFields.map((f: { id: string }) => f.id)).toEqual(["expiresInDays"]);
    }
    const stored = await t.database.db.selectFrom("shareLinks").select("id").where("reportId", "=", id).execute();
    expect(stored).toEqual([]);
  });

  test("the token is stored only as its SHA-256: the database holds no copy of it", async () => {
    const link = await createLink();
    const row = await t.database.db
      .selectFrom("shareLinks")
      .selectAll()
      .where("id", "=", link.id)
      .executeTakeFirstOrThrow();
    expect(row.tokenHash).toBe(hashShareToken(link.token));
    expect(JSON.stringify(row)).not.toContain(link.token);
  });

  test("two links never share a token", async () => {
    const a = await createLink();
    const b = await createLink();
    expect(a.token).not.toBe(b.token);
  });

  test("creating a link is in the report's audit trail with who and the expiry", async () => {
    const link = await createLink(reportA(4), { expiresInDays: 3 });
    const res = await inject("GET", `/api/label-reports/${reportA(4)}/audit`, await admin());
    const entry = res.json().find((e: { action: string }) => e.action === "shareLinkCreate");
    expect(entry.actor).toContain("a-administrator Tester");
    expect(entry.after).toEqual({ shareLink: link.id, expiresAt: link.expiresAt });
  });
});

describe("listing and revoking", () => {
  test("the list has each link's creator, expiry, state and opens, and never the token or its hash", async () => {
    const id = reportA(8);
    const link = await createLink(id);
    await open(`/api/share/${link.token}`);
    await open(`/api/share/${link.token}`);
    const res = await inject("GET", links(id), await admin());
    expect(res.statusCode).toBe(200);
    const [item] = res.json();
    expect(item).toMatchObject({
      id: link.id,
      createdBy: { name: "a-administrator Tester (a-administrator@test.example)" },
      expiresAt: link.expiresAt,
      revokedAt: null,
      state: "active",
      opens: 2,
    });
    expect(Date.parse(item.lastOpenedAt)).toBeGreaterThan(0);
    expect(res.body).not.toContain(link.token);
    expect(res.body).not.toContain(hashShareToken(link.token));
  });

  test("revoking answers 204, the list shows it revoked, and the audit trail has it", async () => {
    const id = reportA(12);
    const link = await createLink(id);
    const res = await inject("DELETE", `${links(id)}/${link.id}`, await admin());
    expect(res.statusCode).toBe(204);
    const [item] = (await inject("GET", links(id), await admin())).json();
    expect(item.state).toBe("revoked");
    expect(item.revokedAt).not.toBeNull();
    const audit = (await inject("GET", `/api/label-reports/${id}/audit`, await admin())).json();
    expect(audit.map((e: { action: string }) => e.action)).toContain("shareLinkRevoke");
  });

  test("revoking an unknown link, or a link of another report, is a 404", async () => {
    const link = await createLink(reportA(0));
    const other = await inject("DELETE", `${links(reportA(4))}/${link.id}`, await admin());
    expect(other.statusCode).toBe(404);
    const unknown = await inject("DELETE", `${links(reportA(0))}/00000000-0000-4000-8000-000000000000`, await admin());
    expect(unknown.statusCode).toBe(404);
    expect((await open(`/api/share/${link.token}`)).statusCode).toBe(200);
  });
});

describe("who may manage links (each principal kind)", () => {
  test("with a role token, administrators, distributor and system administrators may; user, handler, sub-handler get 403", async () => {
    const report = world.reports.b[0] as string;
    for (const role of MEMBER_ROLES) {
      const headers = await t.headersFor(userId(`b:${role}`), world.companies.b);
      const allowed = ["administrator", "distributorAdmin", "systemAdmin"].includes(role);
      const created = await inject("POST", links(report), headers, {});
      expect(created.statusCode, `create as ${role}`).toBe(allowed ? 201 : 403);
      expect((await inject("GET", links(report), headers)).statusCode, `list as ${role}`).toBe(allowed ? 200 : 403);
      const target = allowed ? created.json().id : "00000000-0000-4000-8000-000000000000";
      expect((await inject("DELETE", `${links(report)}/${target}`, headers)).statusCode, `revoke as ${role}`).toBe(
        allowed ? 204 : 403,
      );
    }
  });

  test("support with an impersonation token may create a link, and the trail and list say ColdChain support, by the operator's name, on behalf of the person", async () => {
    const token = await roleTokenFor(t.database.db, t.keys, {
      userId: userId("a:administrator"),
      companyId: world.companies.a,
      impersonatorUserId: userId("operator:systemAdmin"),
    });
    const headers = { "api-key": token.secret, jwt: token.jwtToken };
    const id = reportA(9);
    const res = await inject("POST", links(id), headers, {});
    expect(res.statusCode).toBe(201);
    const [item] = (await inject("GET", links(id), await admin())).json();
    expect(item.createdBy.name).toBe(
      "ColdChain support — operator-systemAdmin Tester (on behalf of a-administrator Tester)",
    );
    const audit = (await inject("GET", `/api/label-reports/${id}/audit`, await admin())).json();
    const entry = audit.find((e: { action: string }) => e.action === "shareLinkCreate");
    expect(entry.actor).toBe("ColdChain support — operator-systemAdmin Tester (on behalf of a-administrator Tester)");
  });

  test("an API key cannot create, list or revoke links (403)", async () => {
    const { key, prefix, keyHash } = newApiKey();
    await t.database.db
      .insertInto("apiKeys")
      .values({ companyId: world.companies.a, createdBy: userId("a:administrator"), name: "wms", prefix, keyHash })
      .execute();
    const link = await createLink(reportA(0));
    const headers = { "api-key": key };
    expect((await inject("POST", links(reportA(0)), headers, {})).statusCode).toBe(403);
    expect((await inject("GET", links(reportA(0)), headers)).statusCode).toBe(403);
    expect((await inject("DELETE", `${links(reportA(0))}/${link.id}`, headers)).statusCode).toBe(403);
  });

  test("without credentials the management routes are a 401", async () => {
    expect((await inject("POST", links(reportA(0)), {}, {})).statusCode).toBe(401);
    expect((await inject("GET", links(reportA(0)))).statusCode).toBe(401);
    expect((await inject("DELETE", `${links(reportA(0))}/00000000-0000-4000-8000-000000000000`)).statusCode).toBe(401);
  });

  test("another company's report is a 404 to an administrator: no link made, none listed or revoked", async () => {
    const foreign = world.reports.b[4] as string;
    const bLink = (
      await inject("POST", links(foreign), await t.headersFor(userId("b:administrator"), world.companies.b), {})
    ).json();
    const created = await inject("POST", links(foreign), await admin(), {});
    expect(created.statusCode).toBe(404);
    expect((await inject("GET", links(foreign), await admin())).statusCode).toBe(404);
    expect((await inject("DELETE", `${links(foreign)}/${bLink.id}`, await admin())).statusCode).toBe(404);
    expect((await open(bLink.url.replace("http://dashboard.test", "/api"))).statusCode).toBe(200);
  });
});

test("a distributor administrator shares a sub-company's report, and the link opens it", async () => {
  const headers = await t.headersFor(userId("distributor:distributorAdmin"), world.companies.distributor);
  const res = await inject("POST", links(world.reports.sub[0] as string), headers, {});
  expect(res.statusCode).toBe(201);
  const page = await open(res.json().url.replace("http://dashboard.test", "/api"));
  expect(page.json().labelId).toBe("S-0000");
});

describe("the public page", () => {
  test("opens without credentials and has the report's label id, status, rule, summary, excursions, disposition and content hash", async () => {
    const id = reportA(0);
    await t.database.db
      .insertInto("labelReportDispositions")
      .values({
        reportId: id,
        companyId: world.companies.a,
        value: "released",
        meaning: "Released for sale",
        comment: "Fine",
        signerId: userId("a:administrator"),
        signerName: "a-administrator Tester",
        signerEmail: "a-administrator@test.example",
      })
      .execute();
    const link = await createLink(id);
    const res = await open(`/api/share/${link.token}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      labelId: "A-0000",
      reference: "PO-A-0",
      status: "ended",
      rule: { temperatureMin: 2, temperatureMax: 8, presetName: "Pharma 2-8" },
      disposition: { value: "released", meaning: "Released for sale", signedBy: { name: "a-administrator Tester" } },
    });
    expect(body.summary).toBeTypeOf("object");
    expect(body.excursions).toEqual({ temperature: [], humidity: [] });
    expect(body.contentHash).toMatch(/^[0-9a-f]{64}$/);
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  test("the page's content hash is the one the signed-in download carries", async () => {
    const link = await createLink(reportA(0));
    const page = (await open(`/api/share/${link.token}`)).json();
    const download = await inject("GET", `/api/label-reports/${reportA(0)}/export?fileType=csv`, await admin());
    expect(download.headers["x-content-sha256"]).toBe(page.contentHash);
  });

  test("a partner downloads the CSV with the token alone, with the same content hash", async () => {
    const link = await createLink(reportA(0));
    const page = (await open(`/api/share/${link.token}`)).json();
    const res = await open(`/api/share/${link.token}/export?fileType=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    expect(res.headers["x-content-sha256"]).toBe(page.contentHash);
  });

  test("guessing: an unknown or malformed token is a 404, for the page and the download", async () => {
    for (const token of ["A".repeat(43), "short", "../../label-reports"]) {
      for (const path of [
        `/api/share/${encodeURIComponent(token)}`,
        `/api/share/${encodeURIComponent(token)}/export`,
      ]) {
        const res = await open(path);
        expect(res.statusCode, path).toBe(404);
        expect(res.json().message, path).toBe("Share link not found");
      }
    }
  });

  test("a revoked link answers 410 'This link has expired or was revoked', for the page and the download", async () => {
    const link = await createLink(reportA(4));
    await inject("DELETE", `${links(reportA(4))}/${link.id}`, await admin());
    for (const path of [`/api/share/${link.token}`, `/api/share/${link.token}/export?fileType=csv`]) {
      const res = await open(path);
      expect(res.statusCode, path).toBe(410);
      expect(res.json().message).toBe("This link has expired or was revoked");
    }
  });

  test("an expired link answers 410", async () => {
    const link = await createLink(reportA(4), { expiresInDays: 1 });
    await t.database.db
      .updateTable("shareLinks")
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where("id", "=", link.id)
      .execute();
    const res = await open(`/api/share/${link.token}`);
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toBe("This link has expired or was revoked");
  });

  test("brute force: more than 60 requests a minute from one address get 429, even with a valid token", async () => {
    const link = await createLink(reportA(0));
    const address = "192.0.2.77";
    for (let i = 0; i < 60; i++) {
      expect((await open(`/api/share/${"B".repeat(43)}`, address)).statusCode).toBe(404);
    }
    const res = await open(`/api/share/${link.token}`, address);
    expect(res.statusCode).toBe(429);
    expect(res.headers["retry-after"]).toBeDefined();
    expect((await open(`/api/share/${link.token}`, "192.0.2.78")).statusCode).toBe(200);
  });

  test("every open is recorded with its time and address, and the company sees them", async () => {
    const id = reportA(12);
    const link = await createLink(id);
    await open(`/api/share/${link.token}`, "198.51.100.7");
    const res = await inject("GET", `${links(id)}/${link.id}/opens`, await admin());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ openedAt: expect.stringMatching(/Z$/), address: "198.51.100.7", kind: "page" }]);
  });

  test("data leak: the page names no other report, no company data and no person's e-mail", async () => {
    const link = await createLink(reportA(0));
    const res = await open(`/api/share/${link.token}`);
    const body = res.body;
    expect(body).not.toContain(world.companies.a);
    expect(body).not.toContain("Alpha");
    expect(body).not.toContain("@test.example");
    expect(body).not.toContain(userId("a:administrator"));
    for (const other of [...world.reports.a.slice(1), ...world.reports.b]) expect(body).not.toContain(other);
    expect(body).not.toContain("A-0001");
  });

  test("the page gives the company's temperature unit, the viewer's default when they chose none", async () => {
    const link = await createLink(reportA(0));
    expect((await open(`/api/share/${link.token}`)).json().temperatureUnit).toBe("celsius");
    const companies = t.database.db.updateTable("companies").where("id", "=", world.companies.a);
    await companies.set({ temperatureUnit: "fahrenheit" }).execute();
    try {
      expect((await open(`/api/share/${link.token}`)).json().temperatureUnit).toBe("fahrenheit");
    } finally {
      await companies.set({ temperatureUnit: "celsius" }).execute();
    }
  });

  test("a link opens its own report only: a token of company B's report shows B's report, never A's", async () => {
    const foreign = world.reports.b[4] as string;
    const bLink = (
      await inject("POST", links(foreign), await t.headersFor(userId("b:administrator"), world.companies.b), {})
    ).json();
    const page = (await open(bLink.url.replace("http://dashboard.test", "/api"))).json();
    expect(page.labelId).toBe("B-0004");
  });
});
