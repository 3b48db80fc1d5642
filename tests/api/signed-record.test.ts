import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type TestApp } from "./support/app";
import { apiKeyOf, registerLabel, sendReadings, series, stopLabel } from "./support/ingest";
import { signDisposition } from "./support/sign-disposition";
import { buildWorld, setEveryPassword, type World } from "./support/world";

/**
 * A signature keeps the content hash and verdict it
 * signed; a change to the signed record (late readings inside the window, a trim,
 * archiving) supersedes it, the signer is e-mailed and the report is "Changed after
 * signature"; late readings are in the trail; signatures are never changed nor deleted.
 * Series as labels send them: a gap filled later by a label's memory read out late.
 */

let t: TestApp;
let world: World;
let ingest: string;
const PASSWORD = "Signing-pass-1";
const SIGNER = "a-administrator@test.example";

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db, { reportsPerCompany: 4 });
  await setEveryPassword(t.database.db, PASSWORD);
  ingest = await apiKeyOf(t.database.db, world.companies.a, ["ingest"]);
});
afterAll(async () => t?.close());

const headersOf = async (key = "a:administrator") => t.headersFor(world.users[key] as string, world.companies.a);

async function detail(id: string) {
  const res = await t.app.inject({ method: "GET", url: `/api/label-reports/${id}`, headers: await headersOf() });
  expect(res.statusCode).toBe(200);
  return res.json();
}

/**
 * A label that logged every 10 min from 08:00 to 12:00 at 5 °C but sent nothing from 10:00
 * to 10:30 (its memory holds them), then ended: the report ends at 12:00.
 */
async function endedLabel(labelId: string) {
  const { id } = await registerLabel(t, ingest, labelId, world.presets.a);
  const gap = [Date.parse("2026-11-20T10:00:00Z"), Date.parse("2026-11-20T10:30:00Z")] as const;
  const sent = series("2026-11-20T08:00:00Z", 25, 10, () => 5).filter((r) => {
    const at = Date.parse(r.time);
    return at < gap[0] || at > gap[1];
  });
  expect((await sendReadings(t, ingest, labelId, sent)).statusCode).toBe(200);
  await stopLabel(t, ingest, id);
  return id;
}

/** The readings the label kept in memory, at 28 °C: inside the report's time, and a violation. */
const lateReadings = () => series("2026-11-20T10:00:00Z", 4, 10, () => 28);

const sign = (id: string, disposition = "released") =>
  signDisposition(t, { email: SIGNER, password: PASSWORD, companyId: world.companies.a }, id, { disposition });

/** The ids a report list filtered so gives (the list grammar: `key[op]value`, comma-separated). */
async function listIds(filter: string) {
  const res = await t.app.inject({
    method: "GET",
    url: `/api/label-reports?filter=${encodeURIComponent(filter)}&pageSize=100`,
    headers: await headersOf(),
  });
  expect(res.statusCode).toBe(200);
  return (res.json().data as { id: string }[]).map((r) => r.id);
}

async function trail(id: string) {
  const res = await t.app.inject({ method: "GET", url: `/api/label-reports/${id}/audit`, headers: await headersOf() });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    action: string;
    before: Record<string, unknown>;
    after: Record<string, unknown>;
    reason: string | null;
  }[];
}

describe("a signature keeps what it signed", () => {
  test("the detail answers the record's content hash, 64 hex digits", async () => {
    const id = await endedLabel("REC-HASH");
    expect((await detail(id)).contentHash).toMatch(/^[0-9a-f]{64}$/);
  });

  test("the content hash is the one the downloads carry", async () => {
    const id = await endedLabel("REC-DOWNLOAD");
    await sign(id);
    const csv = await t.app.inject({
      method: "GET",
      url: `/api/label-reports/${id}/export?fileType=csv`,
      headers: await headersOf(),
    });
    expect(csv.statusCode).toBe(200);
    expect((await detail(id)).contentHash).toBe(csv.headers["x-content-sha256"]);
  });

  test("a disposition holds the hash of the record it signed and the verdict the signer saw", async () => {
    const id = await endedLabel("REC-SIGNED");
    const before = await detail(id);
    await sign(id);
    const after = await detail(id);
    expect(after.disposition.contentHash).toBe(before.contentHash);
    expect(after.disposition.verdict).toBe(before.summary.overall.verdict);
    // The record now holds the signature too, so its hash is another one.
    expect(after.contentHash).not.toBe(before.contentHash);
  });
});

describe("a change after signing supersedes the signature", () => {
  test("late readings inside the window leave the report with no standing disposition; the history keeps the signed hash", async () => {
    const id = await endedLabel("REC-LATE");
    const signedHash = (await detail(id)).contentHash;
    await sign(id);
    expect((await sendReadings(t, ingest, "REC-LATE", lateReadings())).statusCode).toBe(200);
    const report = await detail(id);
    expect(report.disposition).toBeNull();
    expect(report.dispositionHistory).toHaveLength(1);
    expect(report.dispositionHistory[0]).toMatchObject({
      value: "released",
      contentHash: signedHash,
      verdict: "ok",
      supersededBy: "readings",
      supersededAt: expect.stringMatching(/Z$/),
    });
    expect(report.summary.overall.verdict).toBe("violation");
  });

  test("a superseded release leaves the released list and is listed as changed after signature", async () => {
    const id = await endedLabel("REC-LISTS");
    await sign(id);
    expect(await listIds("disposition[eq]released")).toContain(id);
    await sendReadings(t, ingest, "REC-LISTS", lateReadings());
    expect(await listIds("disposition[eq]released")).not.toContain(id);
    expect(await listIds("changedAfterSignature[eq]true")).toContain(id);
    // Its own Needs-attention list, not "awaiting a decision" as well.
    expect(await listIds("violation[eq]true,dispositioned[eq]false,changedAfterSignature[eq]false")).not.toContain(id);
  });

  test("the signer is e-mailed that their signature no longer stands", async () => {
    const id = await endedLabel("REC-MAIL");
    await sign(id);
    await sendReadings(t, ingest, "REC-MAIL", lateReadings());
    const mail = await t.database.db
      .selectFrom("outbox")
      .select(["subject", "text", "nextAttemptAt"])
      .where("recipient", "=", SIGNER)
      .where("subject", "like", "%REC-MAIL%signature%")
      .executeTakeFirst();
    expect(mail?.subject).toBe('Label REC-MAIL: your "Released" signature no longer stands');
    expect(mail?.text).toContain("readings arrived");
    expect(mail?.text).toContain(`/label-reports/${id}`);
    // The alert worker sends it (it sends what has a next attempt).
    expect(mail?.nextAttemptAt).not.toBeNull();
  });

  test("readings outside the trimmed window leave the signature standing", async () => {
    const id = await endedLabel("REC-OUTSIDE");
    const trim = await t.app.inject({
      method: "POST",
      url: `/api/label-reports/${id}/trim`,
      headers: await headersOf("a:trimmer"),
      payload: { start: "2026-11-20T10:40:00.000Z", end: null, reason: "Loaded onto the truck at 10:40" },
    });
    expect(trim.statusCode).toBe(200);
    await sign(id);
    expect((await sendReadings(t, ingest, "REC-OUTSIDE", lateReadings())).json().accepted).toBe(4);
    const report = await detail(id);
    expect(report.disposition?.value).toBe("released");
    expect(report.dispositionHistory[0].supersededAt).toBeNull();
  });

  test("a trim after a rejection supersedes the rejection", async () => {
    const id = await endedLabel("REC-TRIM");
    await sign(id, "rejected");
    const trim = await t.app.inject({
      method: "POST",
      url: `/api/label-reports/${id}/trim`,
      headers: await headersOf("a:trimmer"),
      payload: { start: "2026-11-20T09:00:00.000Z", end: null, reason: "Loaded onto the truck at 09:00" },
    });
    expect(trim.statusCode).toBe(200);
    expect(trim.json().disposition).toBeNull();
    expect(trim.json().dispositionHistory[0]).toMatchObject({ value: "rejected", supersededBy: "trim" });
  });

  test("archiving a signed report supersedes its signature", async () => {
    const id = await endedLabel("REC-ARCHIVE");
    await sign(id);
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/label-reports/${id}`,
      headers: await headersOf(),
      payload: { isArchived: true, reason: "Shipment cancelled before loading" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().disposition).toBeNull();
    expect(res.json().dispositionHistory[0].supersededBy).toBe("archive");
    expect(await listIds("changedAfterSignature[eq]true")).toContain(id);
  });

  test("signing again gives the report a standing disposition and takes it out of changed after signature", async () => {
    const id = await endedLabel("REC-AGAIN");
    await sign(id);
    await sendReadings(t, ingest, "REC-AGAIN", lateReadings());
    const changedHash = (await detail(id)).contentHash;
    await sign(id, "rejected");
    const report = await detail(id);
    expect(report.disposition).toMatchObject({ value: "rejected", contentHash: changedHash, verdict: "violation" });
    expect(report.dispositionHistory.map((d: { supersededBy: string | null }) => d.supersededBy)).toEqual([
      null,
      "readings",
    ]);
    expect(await listIds("changedAfterSignature[eq]true")).not.toContain(id);
  });
});

describe("archiving takes a reason", () => {
  const archive = async (id: string, payload: object) =>
    t.app.inject({ method: "PATCH", url: `/api/label-reports/${id}`, headers: await headersOf(), payload });

  test("archiving without a reason of 10 characters is a 400 naming reason, and the report stays", async () => {
    const id = await endedLabel("REC-ARCH-REASON");
    for (const payload of [{ isArchived: true }, { isArchived: true, reason: "  too short " }]) {
      const res = await archive(id, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().formFields.map((f: { id: string }) => f.id)).toEqual(["reason"]);
    }
    expect((await detail(id)).isArchived).toBe(false);
  });

  test("the reason is kept in the trail with the archiving", async () => {
    const id = await endedLabel("REC-ARCH-TRAIL");
    expect((await archive(id, { isArchived: true, reason: "Duplicate of another label's report" })).statusCode).toBe(
      200,
    );
    const entry = (await trail(id)).find((e) => e.action === "update" && e.after.isArchived === true);
    expect(entry?.reason).toBe("Duplicate of another label's report");
  });

  test("restoring from the archive needs no reason", async () => {
    const id = await endedLabel("REC-ARCH-RESTORE");
    await archive(id, { isArchived: true, reason: "Archived by mistake, see below" });
    expect((await archive(id, { isArchived: false })).statusCode).toBe(200);
  });
});

describe("late readings are in the trail", () => {
  test("readings stored after the report ended write how many, their range, the verdict before and after, and the key", async () => {
    const id = await endedLabel("REC-AUDIT");
    await sendReadings(t, ingest, "REC-AUDIT", lateReadings());
    const entry = (await trail(id)).find((e) => e.action === "lateReadings");
    expect(entry?.before).toEqual({ verdict: "ok" });
    expect(entry?.after).toMatchObject({
      verdict: "violation",
      readings: 4,
      from: "2026-11-20T10:00:00.000Z",
      to: "2026-11-20T10:30:00.000Z",
      insideWindow: true,
      apiKeyId: expect.any(String),
    });
  });

  test("the superseding of a signature is in the trail with what changed", async () => {
    const id = await endedLabel("REC-AUDIT-SIG");
    await sign(id);
    await sendReadings(t, ingest, "REC-AUDIT-SIG", lateReadings());
    const entry = (await trail(id)).find((e) => e.action === "signatureSuperseded");
    expect(entry?.before).toMatchObject({ disposition: "released" });
    expect(entry?.reason).toBe("Changed after signature: readings arrived");
  });

  test("readings of a recording label write no trail entry", async () => {
    const { id } = await registerLabel(t, ingest, "REC-RECORDING", world.presets.a);
    await sendReadings(
      t,
      ingest,
      "REC-RECORDING",
      series("2026-11-20T08:00:00Z", 6, 10, () => 5),
    );
    await sendReadings(
      t,
      ingest,
      "REC-RECORDING",
      series("2026-11-20T09:00:00Z", 6, 10, () => 5),
    );
    expect((await trail(id)).filter((e) => e.action === "lateReadings")).toEqual([]);
  });
});

describe("signatures are never changed nor deleted", () => {
  async function signedRow(labelId: string) {
    const id = await endedLabel(labelId);
    await sign(id);
    return id;
  }

  test("the database refuses to change a signature's value", async () => {
    const id = await signedRow("REC-DB-UPDATE");
    await expect(
      sql`update label_report_dispositions set value = 'rejected' where report_id = ${id}`.execute(t.database.db),
    ).rejects.toThrow(/cannot be changed/);
  });

  test("the database refuses to delete a signature", async () => {
    const id = await signedRow("REC-DB-DELETE");
    await expect(
      sql`delete from label_report_dispositions where report_id = ${id}`.execute(t.database.db),
    ).rejects.toThrow(/cannot be changed or deleted/);
  });

  test("a superseded signature cannot be superseded again or un-superseded", async () => {
    const id = await signedRow("REC-DB-TWICE");
    await sendReadings(t, ingest, "REC-DB-TWICE", lateReadings());
    await expect(
      sql`update label_report_dispositions set superseded_by = 'trim' where report_id = ${id}`.execute(t.database.db),
    ).rejects.toThrow(/cannot be changed/);
    await expect(
      sql`update label_report_dispositions set superseded_at = null, superseded_by = null where report_id = ${id}`.execute(
        t.database.db,
      ),
    ).rejects.toThrow(/cannot be changed/);
  });

  test("deleting a report with readings is a 409 that says to archive it; the report stays", async () => {
    const id = await endedLabel("REC-DELETE-READINGS");
    const res = await t.app.inject({
      method: "DELETE",
      url: `/api/label-reports/${id}`,
      headers: await t.headersFor(world.users["a:systemAdmin"] as string, world.companies.a),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("A report with readings cannot be deleted: archive it instead, with a reason");
    await detail(id);
  });

  test("a registration without readings can still be deleted", async () => {
    const { id } = await registerLabel(t, ingest, "REC-DELETE-EMPTY", world.presets.a);
    const res = await t.app.inject({
      method: "DELETE",
      url: `/api/label-reports/${id}`,
      headers: await t.headersFor(world.users["a:systemAdmin"] as string, world.companies.a),
    });
    expect(res.statusCode).toBe(204);
  });

  test("deleting a signed report is a 409 that says to archive it; the report stays", async () => {
    const id = await signedRow("REC-DELETE");
    // A system administrator may delete reports (an administrator may not at all).
    const res = await t.app.inject({
      method: "DELETE",
      url: `/api/label-reports/${id}`,
      headers: await t.headersFor(world.users["a:systemAdmin"] as string, world.companies.a),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/archive it/);
    await detail(id);
  });
});

describe("the audit trail is append-only", () => {
  test("the database refuses to change an audit entry", async () => {
    const id = await endedLabel("REC-AUDIT-UPDATE");
    await sendReadings(t, ingest, "REC-AUDIT-UPDATE", lateReadings());
    await expect(
      sql`update audit_log set reason = 'rewritten' where entity_id = ${id}`.execute(t.database.db),
    ).rejects.toThrow(/cannot be changed or deleted/);
  });

  test("the database refuses to delete an audit entry", async () => {
    const id = await endedLabel("REC-AUDIT-DELETE");
    await sendReadings(t, ingest, "REC-AUDIT-DELETE", lateReadings());
    await expect(sql`delete from audit_log where entity_id = ${id}`.execute(t.database.db)).rejects.toThrow(
      /cannot be changed or deleted/,
    );
  });

  test("an entry names the person as they were when they acted, whatever they are called now", async () => {
    const id = await endedLabel("REC-AUDIT-NAME");
    await sign(id);
    const signer = world.users["a:administrator"] as string;
    const before = await t.database.db
      .selectFrom("users")
      .select("firstName")
      .where("id", "=", signer)
      .executeTakeFirstOrThrow();
    await t.database.db.updateTable("users").set({ firstName: "Renamed" }).where("id", "=", signer).execute();
    try {
      const entry = (await trail(id)).find((e) => e.action === "disposition") as { actor?: string } | undefined;
      expect(entry?.actor).toBe(`${before.firstName} Tester (${SIGNER})`);
    } finally {
      await t.database.db.updateTable("users").set({ firstName: before.firstName }).where("id", "=", signer).execute();
    }
  });
});
