import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { alertMailsOf, readingsFrom, recordingTransport } from "./support/alerts";
import { createTestApp, type TestApp } from "./support/app";
import { apiKeyOf, registerLabel, sendReadings } from "./support/ingest";
import { buildWorld, MEMBER_ROLES, type World } from "./support/world";

/**
 * No signal: a recording label silent for more than 3 intervals
 * plus its company's grace (15 min by default) is flagged in the API, found by the list's
 * filter, and e-mailed once per silence to those who asked for alerts.
 */

let t: TestApp;
let world: World;
let ingestA: string;
let adminA: Record<string, string>;
const mail = recordingTransport();
const ids: Record<string, string> = {};
const MINUTE = 60_000;
/** A whole minute, so readings land on the same times however long the test takes. */
const now = Math.floor(Date.now() / MINUTE) * MINUTE;

const membersA = [...MEMBER_ROLES.map((role) => `a-${role}@test.example`), "a-trimmer@test.example"].sort();

async function report(id: string) {
  const res = await t.app.inject({ method: "GET", url: `/api/label-reports/${id}`, headers: adminA });
  expect(res.statusCode).toBe(200);
  return res.json() as { noSignal: boolean; lastReadingAt: string | null };
}

async function listed(filter: string): Promise<string[]> {
  const res = await t.app.inject({
    method: "GET",
    url: `/api/label-reports?pageSize=100&filter=${encodeURIComponent(filter)}`,
    headers: adminA,
  });
  expect(res.statusCode).toBe(200);
  return (res.json().data as { labelId: string }[]).map((r) => r.labelId).sort();
}

/** The label's last reading `minutesAgo` minutes ago (5-minute interval: silent after 3 × 5 + 15 = 30 min). */
async function lastHeard(key: string, labelId: string, minutesAgo: number) {
  const res = await sendReadings(t, key, labelId, readingsFrom(now - (minutesAgo + 10) * MINUTE, 3, 5));
  expect(res.statusCode).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp({ alertTransport: (m) => mail.send(m) });
  world = await buildWorld(t.database.db, { reportsPerCompany: 1 });
  ingestA = await apiKeyOf(t.database.db, world.companies.a, ["ingest"]);
  adminA = await t.headersFor(world.users["a:administrator"] as string, world.companies.a);
  for (const label of ["NS-SILENT", "NS-FRESH", "NS-NEVER", "NS-ALMOST"])
    ids[label] = (await registerLabel(t, ingestA, label, world.presets.a)).id;
  await lastHeard(ingestA, "NS-SILENT", 120);
  await lastHeard(ingestA, "NS-FRESH", 1);
  await lastHeard(ingestA, "NS-ALMOST", 25);
});
afterAll(async () => t?.close());

describe("the noSignal flag and filter", () => {
  test("a recording label silent for more than 3 intervals + 15 min is noSignal; a recent, an almost silent or a never-heard-of one is not", async () => {
    expect((await report(ids["NS-SILENT"] as string)).noSignal).toBe(true);
    expect((await report(ids["NS-FRESH"] as string)).noSignal).toBe(false);
    expect((await report(ids["NS-ALMOST"] as string)).noSignal).toBe(false);
    expect((await report(ids["NS-NEVER"] as string)).noSignal).toBe(false);
  });

  test("noSignal[eq]true lists only the silent labels; noSignal[eq]false the others", async () => {
    expect((await listed("noSignal[eq]true")).filter((l) => l.startsWith("NS-"))).toEqual(["NS-SILENT"]);
    expect((await listed("noSignal[eq]false")).filter((l) => l.startsWith("NS-"))).toEqual([
      "NS-ALMOST",
      "NS-FRESH",
      "NS-NEVER",
    ]);
  });

  test("a company's longer grace (noSignalGraceMinutes) keeps a label off the list until it has passed", async () => {
    const patch = (noSignalGraceMinutes: unknown) =>
      t.app.inject({ method: "PATCH", url: "/api/company", headers: adminA, payload: { noSignalGraceMinutes } });
    expect((await patch(180)).statusCode).toBe(200);
    expect((await report(ids["NS-SILENT"] as string)).noSignal).toBe(false);
    expect((await patch(15)).statusCode).toBe(200);
    expect((await report(ids["NS-SILENT"] as string)).noSignal).toBe(true);
  });

  test("a negative or fractional grace is a 400 naming the field", async () => {
    for (const value of [-1, 1.5, "soon"]) {
      const res = await t.app.inject({
        method: "PATCH",
        url: "/api/company",
        headers: adminA,
        payload: { noSignalGraceMinutes: value },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().formFields.map((f: { id: string }) => f.id)).toEqual(["noSignalGraceMinutes"]);
    }
  });

  test("a stopped label is never noSignal", async () => {
    await registerLabel(t, ingestA, "NS-STOPPED", world.presets.a);
    await lastHeard(ingestA, "NS-STOPPED", 120);
    const row = await t.database.db
      .selectFrom("labelReports")
      .select("id")
      .where("labelId", "=", "NS-STOPPED")
      .executeTakeFirstOrThrow();
    const stop = await t.app.inject({
      method: "POST",
      url: `/api/label-reports/${row.id}/stop`,
      headers: { "api-key": ingestA },
    });
    expect(stop.statusCode).toBe(200);
    expect((await report(row.id)).noSignal).toBe(false);
  });
});

describe("the no-signal e-mail", () => {
  test("a silent label is e-mailed once to those who asked for alerts, not again on later passes", async () => {
    await t.app.alertWorker.runOnce();
    await t.app.alertWorker.runOnce();
    const to = mail.delivered.filter((m) => m.subject.includes("NS-SILENT")).map((m) => m.to);
    expect(to.sort()).toEqual(membersA);
    expect(mail.delivered.filter((m) => /NS-(FRESH|ALMOST|NEVER)/.test(m.subject))).toEqual([]);
    const rows = await alertMailsOf(t.database.db, ids["NS-SILENT"] as string);
    expect(rows.every((r) => r.kind === "noSignal")).toBe(true);
    expect(mail.delivered.find((m) => m.subject.includes("NS-SILENT"))?.subject).toBe(
      "No signal: label NS-SILENT, Alpha",
    );
  });

  test("a label that reports again and falls silent again is a new event, e-mailed once more", async () => {
    await lastHeard(ingestA, "NS-SILENT", 60);
    await t.app.alertWorker.runOnce();
    await t.app.alertWorker.runOnce();
    const to = mail.delivered.filter((m) => m.subject.includes("NS-SILENT")).map((m) => m.to);
    expect(to.sort()).toEqual([...membersA, ...membersA].sort());
  });

  test("a label that falls silent between passes is e-mailed at the first pass after (the worker's clock)", async () => {
    // NS-ALMOST was heard 25 minutes ago: silent 5 minutes from now.
    await t.app.alertWorker.runOnce(new Date(now + 2 * MINUTE));
    expect(mail.delivered.filter((m) => m.subject.includes("NS-ALMOST"))).toEqual([]);
    await t.app.alertWorker.runOnce(new Date(now + 10 * MINUTE));
    expect(mail.delivered.filter((m) => m.subject.includes("NS-ALMOST"))).toHaveLength(membersA.length);
  });

  test("another company's silent label never e-mails this company", async () => {
    const ingestB = await apiKeyOf(t.database.db, world.companies.b, ["ingest"]);
    await registerLabel(t, ingestB, "NS-FOREIGN", world.presets.b);
    await lastHeard(ingestB, "NS-FOREIGN", 120);
    await t.app.alertWorker.runOnce();
    const to = mail.delivered.filter((m) => m.subject.includes("NS-FOREIGN")).map((m) => m.to);
    expect(to.length).toBeGreaterThan(0);
    expect(to.every((address) => address.startsWith("b-"))).toBe(true);
  });

  test("a silence that began more than a day ago is flagged but not e-mailed (old data, a server down for days)", async () => {
    await registerLabel(t, ingestA, "NS-ANCIENT", world.presets.a);
    await lastHeard(ingestA, "NS-ANCIENT", 3 * 24 * 60);
    await t.app.alertWorker.runOnce();
    expect(await listed("noSignal[eq]true")).toContain("NS-ANCIENT");
    expect(mail.delivered.filter((m) => m.subject.includes("NS-ANCIENT"))).toEqual([]);
  });
});
