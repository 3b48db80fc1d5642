import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { pdfText } from "../../support/pdf-text";
import { createTestApp, type TestApp } from "../support/app";
import { buildWorld, type World } from "../support/world";

/**
 * Share links give a report to a partner with no account. What the partner's files
 * may say, how long a link lives after its creator leaves, and whether strangers
 * downloading through links can crowd out the company's own downloads.
 */

let t: TestApp;
let world: World;
const SIGNER_EMAIL = "a-administrator@test.example";
const START = Date.parse("2026-09-01T00:00:00Z");

beforeAll(async () => {
  // One download at a time per line and nobody waiting: a line that is taken answers 429 at once.
  t = await createTestApp({ exportLimits: { perCompany: 1, global: 4, queuePerCompany: 0 } });
  world = await buildWorld(t.database.db, { reportsPerCompany: 3 });
  await t.database.db
    .insertInto("labelReportDispositions")
    .values({
      reportId: world.reports.a[0] as string,
      companyId: world.companies.a,
      value: "released",
      meaning: "Released for sale",
      comment: "Fine",
      signerId: world.users["a:administrator"] as string,
      signerName: "a-administrator Tester",
      signerEmail: SIGNER_EMAIL,
    })
    .execute();
}, 60_000);
afterAll(async () => t?.close());

const as = (key: string) => t.headersFor(world.users[key] as string, world.companies.a);

let addressCounter = 0;
const openFromNewAddress = (path: string) =>
  t.app.inject({ method: "GET", url: path, remoteAddress: `10.9.0.${++addressCounter}` });

async function createLink(headers: Record<string, string>, reportId: string): Promise<string> {
  const res = await t.app.inject({
    method: "POST",
    url: `/api/label-reports/${reportId}/share-links`,
    headers,
    payload: {},
  });
  expect(res.statusCode).toBe(201);
  return (res.json().url as string).split("/share/")[1] as string;
}

describe("what a share link's files say about people", () => {
  test("a share link's CSV names the signer without their e-mail, as the share page does", async () => {
    const token = await createLink(await as("a:administrator"), world.reports.a[0] as string);
    const res = await openFromNewAddress(`/api/share/${token}/export?fileType=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("# disposition_signed_by,a-administrator Tester\r\n");
    expect(res.body).not.toContain(SIGNER_EMAIL);
  });

  test("a share link's PDF names the signer without their e-mail", async () => {
    const token = await createLink(await as("a:administrator"), world.reports.a[0] as string);
    const res = await openFromNewAddress(`/api/share/${token}/export?fileType=pdf`);
    expect(res.statusCode).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain("a-administrator Tester");
    expect(text).not.toContain(SIGNER_EMAIL);
  });

  test("a share link's PDF names who set the evaluation window without their e-mail", async () => {
    const reportId = world.reports.a[1] as string;
    const trimmer = world.users["a:administrator"] as string;
    const start = new Date(START);
    await t.database.db.updateTable("labelReports").set({ trimStart: start }).where("id", "=", reportId).execute();
    await t.database.db
      .insertInto("auditLog")
      .values({
        actorUserId: trimmer,
        companyId: world.companies.a,
        entity: "labelReport",
        entityId: reportId,
        action: "trim",
        reason: "Probe acclimatisation",
        before: null,
        after: JSON.stringify({ trimStart: start.toISOString() }),
      })
      .execute();
    const token = await createLink(await as("a:administrator"), reportId);
    const res = await openFromNewAddress(`/api/share/${token}/export?fileType=pdf`);
    expect(res.statusCode).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain("Reason: Probe acclimatisation");
    expect(text).not.toContain(SIGNER_EMAIL);
  });

  test("the company's own download still names the signer with their e-mail", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/label-reports/${world.reports.a[0]}/export?fileType=csv`,
      headers: await as("a:user"),
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`a-administrator Tester <${SIGNER_EMAIL}>`);
  });
});

describe("share links of a removed member", () => {
  test("removing a member revokes the share links they made: their pages answer 410, the trail says why", async () => {
    const second = await t.database.db
      .insertInto("users")
      .values({ email: "leaving-admin@test.example", firstName: "Leaving", lastName: "Admin" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await t.database.db
      .insertInto("userRoles")
      .values({ userId: second.id, companyId: world.companies.a, types: ["administrator"] })
      .execute();
    const reportId = world.reports.a[1] as string;
    const token = await createLink(await t.headersFor(second.id, world.companies.a), reportId);
    const kept = await createLink(await as("a:administrator"), reportId);
    expect((await openFromNewAddress(`/api/share/${token}`)).statusCode).toBe(200);

    const removed = await t.app.inject({
      method: "DELETE",
      url: `/api/users/${second.id}`,
      headers: await as("a:administrator"),
    });
    expect(removed.statusCode).toBe(204);

    expect((await openFromNewAddress(`/api/share/${token}`)).statusCode).toBe(410);
    expect((await openFromNewAddress(`/api/share/${token}/export?fileType=csv`)).statusCode).toBe(410);
    // Links made by those who stay are untouched.
    expect((await openFromNewAddress(`/api/share/${kept}`)).statusCode).toBe(200);
    const trail = await t.database.db
      .selectFrom("auditLog")
      .select(["actorUserId", "reason"])
      .where("entity", "=", "labelReport")
      .where("entityId", "=", reportId)
      .where("action", "=", "shareLinkRevoke")
      .execute();
    expect(trail).toEqual([
      { actorUserId: world.users["a:administrator"], reason: "Its creator was removed from the company" },
    ]);
  });
});

describe("anonymous share downloads and the company's download slots", () => {
  test("a storm of share-link downloads never takes the company's slots: its own people still download", async () => {
    // A long report: its full-table PDF takes a while, so the storm holds its slot.
    const reportId = world.reports.a[2] as string;
    await sql`insert into measurements (report_id, t, temperature, humidity, battery)
      select ${reportId}::uuid, ${new Date(START).toISOString()}::timestamptz + i * interval '5 minutes', 5, 50, 90
      from generate_series(0, 9999) as i`.execute(t.database.db);
    const token = await createLink(await as("a:administrator"), reportId);
    const storm = Promise.all(
      Array.from({ length: 4 }, () =>
        openFromNewAddress(`/api/share/${token}/export?fileType=pdf&includeDataTable=full`),
      ),
    );
    // Let the storm take its slot before the company's person asks.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const own = await t.app.inject({
      method: "GET",
      url: `/api/label-reports/${world.reports.a[0]}/export?fileType=csv`,
      headers: await as("a:user"),
    });
    expect(own.statusCode).toBe(200);
    const statuses = (await storm).map((res) => res.statusCode).sort();
    // The share links' own line is bounded all the same: one runs, the rest are told to come back.
    expect(statuses).toEqual([200, 429, 429, 429]);
  }, 60_000);
});
