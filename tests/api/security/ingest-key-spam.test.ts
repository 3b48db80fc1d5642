import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { REGISTRATIONS_PER_KEY_PER_MINUTE } from "../../../server/ingest/ingest-limits";
import { ALERTS_PER_COMPANY_PER_HOUR, DIGEST_DELAY_MS } from "../../../server/notifications/alert-digest";
import { readingsFrom, recordingTransport, THREE_DAYS_AGO } from "../support/alerts";
import { createTestApp, type TestApp } from "../support/app";
import { apiKeyOf, sendReadings } from "../support/ingest";
import { buildWorld, type World } from "../support/world";

/**
 * A leaked ingest key spammed every member of its company with product-branded alert
 * e-mails whose subject carried the attacker's text (a registration's `reference`): 50
 * registrations in 1.6 s, 24 e-mails from 3 labels. Registrations are now limited per
 * key, alert e-mails per company (a digest past the limit), subjects carry the label id
 * and the company name only, and free text with control characters is refused.
 */

let t: TestApp;
let world: World;
let presetId: string;
const mail = recordingTransport();

beforeAll(async () => {
  t = await createTestApp({ alertTransport: (m) => mail.send(m) });
  world = await buildWorld(t.database.db, { reportsPerCompany: 1 });
  const row = await t.database.db
    .insertInto("labelPresets")
    .values({ companyId: world.companies.a, name: "Spam 2-8", slug: "spam-2-8", temperatureMin: 2, temperatureMax: 8 })
    .returning("id")
    .executeTakeFirstOrThrow();
  presetId = row.id;
});
afterAll(async () => t?.close());

const freshKey = () => apiKeyOf(t.database.db, world.companies.a, ["ingest"]);

function register(key: string, body: Record<string, unknown>) {
  return t.app.inject({
    method: "POST",
    url: "/api/label-reports",
    headers: { "api-key": key },
    payload: { presetId, ...body },
  });
}

/** A label that recorded 12 readings at 12 °C (its rule: 2-8 °C): one alarm. */
async function alarmingLabel(key: string, labelId: string, reference?: string) {
  const res = await register(key, { labelId, ...(reference === undefined ? {} : { reference }) });
  expect(res.statusCode, res.body).toBe(201);
  expect((await sendReadings(t, key, labelId, readingsFrom(THREE_DAYS_AGO, 12, 12))).statusCode).toBe(200);
}

describe("label registrations with an ingest key", () => {
  test("past 30 a minute, a key gets 429 with Retry-After; another key still registers", async () => {
    const key = await freshKey();
    const statuses: number[] = [];
    let retryAfter: string | undefined;
    for (let i = 0; i <= REGISTRATIONS_PER_KEY_PER_MINUTE; i++) {
      const res = await register(key, { labelId: `RL-${i}` });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) retryAfter = res.headers["retry-after"] as string;
    }
    expect(statuses.slice(0, REGISTRATIONS_PER_KEY_PER_MINUTE).every((s) => s === 201)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    expect((await register(await freshKey(), { labelId: "RL-OTHER" })).statusCode).toBe(201);
  });

  test.each(["reference", "origin", "destination"])(
    "a line break in %s is refused with 400 naming it",
    async (field) => {
      const res = await register(await freshKey(), {
        labelId: `CRLF-${field}`,
        [field]: "PO-1\r\nBcc: everyone@example.com",
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().formFields).toEqual([
        { id: field, error: "must not contain line breaks or other control characters" },
      ]);
    },
  );

  test("a reference longer than 100 characters is refused with 400 naming it", async () => {
    const res = await register(await freshKey(), { labelId: "LONG-REF", reference: "x".repeat(101) });
    expect(res.statusCode).toBe(400);
    expect(res.json().formFields).toEqual([{ id: "reference", error: expect.stringContaining("100") }]);
  });
});

describe("alert e-mails", () => {
  test("the subject names the label id and the company only, never the registration's reference", async () => {
    const key = await freshKey();
    await alarmingLabel(key, "SUBJ-1", "Your account is locked: call +1 555 0100");
    await t.app.alertWorker.runOnce(new Date(), { silences: false });
    const sent = mail.delivered.filter((m) => m.subject.includes("SUBJ-1"));
    expect(sent.length).toBeGreaterThan(0);
    for (const m of sent) {
      expect(m.subject).not.toContain("locked");
      expect(m.subject).toMatch(/^Temperature alarm: label SUBJ-1, [^,]+$/);
    }
  });

  test("past 20 alerts of a company in an hour, further alerts reach each person as one digest", async () => {
    const before = mail.delivered.length;
    const keys = [await freshKey(), await freshKey()];
    const labels = Array.from({ length: ALERTS_PER_COMPANY_PER_HOUR + 5 }, (_, i) => `DIG-${i}`);
    for (const [i, label] of labels.entries()) await alarmingLabel(keys[i % 2] as string, label);
    await t.app.alertWorker.runOnce(new Date(), { silences: false });
    await t.app.alertWorker.runOnce(new Date(Date.now() + DIGEST_DELAY_MS + 60_000), { silences: false });
    const sent = mail.delivered.slice(before);
    const people = [...new Set(sent.map((m) => m.to))];
    expect(people.length).toBeGreaterThan(0);
    for (const person of people) {
      const theirs = sent.filter((m) => m.to === person);
      // The first SUBJ-1 alarm of the test above counts toward the same hour.
      expect(theirs.length).toBeLessThanOrEqual(ALERTS_PER_COMPANY_PER_HOUR + 1);
      const digests = theirs.filter((m) => m.subject.startsWith("Alerts of "));
      expect(digests).toHaveLength(1);
      expect(digests[0]?.text).toContain("DIG-24");
    }
  }, 120_000);
});
