import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { pdfText } from "../support/pdf-text";
import { createTestApp, type TestApp } from "./support/app";
import { apiKeyOf, endedLabel as endedLabelWith, series } from "./support/ingest";
import { flaggedMember } from "./support/members";
import { signDisposition } from "./support/sign-disposition";
import { buildWorld, setEveryPassword, type World } from "./support/world";

/**
 * A custom field marked "part of the record" has its
 * values in the content hash and the record document, printed on the PDF, the CSV and the
 * share page; an edit needs a reason and is audited old → new; after signing it supersedes
 * the signature. Fields not part of the record stay outside the hash.
 */

let t: TestApp;
let world: World;
let ingest: string;
/** An administrator of company a allowed to define custom fields (the feature flag). */
let editor: Record<string, string>;
const PASSWORD = "Record-fields-1";
const SIGNER = "a-administrator@test.example";
const BATCH_REASON = "Batch number corrected from the packing list";

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db, { reportsPerCompany: 2 });
  await setEveryPassword(t.database.db, PASSWORD);
  ingest = await apiKeyOf(t.database.db, world.companies.a, ["ingest"]);
  editor = await flaggedMember(t, "record-fields@test.example", world.companies.a, { CUSTOM_FIELDS: true }, [
    "administrator",
  ]);
  for (const field of [
    { name: "Lot", type: "text", partOfRecord: true },
    { name: "Pallet note", type: "text" },
  ]) {
    const res = await t.app.inject({ method: "POST", url: "/api/custom-fields", headers: editor, payload: field });
    expect(res.statusCode).toBe(201);
  }
});
afterAll(async () => t?.close());

const headersOf = async (key = "a:administrator") => t.headersFor(world.users[key] as string, world.companies.a);

/** A label that logged 08:00–12:00 at 5 °C every 10 min and ended. */
const endedLabel = (labelId: string) =>
  endedLabelWith(
    t,
    ingest,
    labelId,
    world.presets.a,
    series("2026-11-20T08:00:00Z", 25, 10, () => 5),
  );

async function patch(id: string, payload: object) {
  return t.app.inject({ method: "PATCH", url: `/api/label-reports/${id}`, headers: await headersOf(), payload });
}

async function setLot(id: string, lot: string | null, reason = BATCH_REASON) {
  const res = await patch(id, { customFields: { lot }, reason });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function contentHashOf(id: string): Promise<string> {
  const res = await t.app.inject({ method: "GET", url: `/api/label-reports/${id}`, headers: await headersOf() });
  expect(res.statusCode).toBe(200);
  return res.json().contentHash;
}

async function recordDocument(id: string) {
  const res = await t.app.inject({
    method: "GET",
    url: `/api/label-reports/${id}/record`,
    headers: await headersOf(),
  });
  expect(res.statusCode).toBe(200);
  return res.body;
}

async function fieldId(name: string): Promise<string> {
  const res = await t.app.inject({ method: "GET", url: "/api/custom-fields", headers: editor });
  return (res.json() as { id: string; name: string }[]).find((f) => f.name === name)?.id as string;
}

describe("marking a field part of the record", () => {
  test("the definition answers partOfRecord as created", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/custom-fields", headers: await headersOf() });
    const byName = new Map((res.json() as { name: string; partOfRecord: boolean }[]).map((f) => [f.name, f]));
    expect(byName.get("Lot")?.partOfRecord).toBe(true);
    expect(byName.get("Pallet note")?.partOfRecord).toBe(false);
  });

  test("partOfRecord is fixed once the field exists (400)", async () => {
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/custom-fields/${await fieldId("Lot")}`,
      headers: editor,
      payload: { partOfRecord: false },
    });
    expect(res.statusCode).toBe(400);
  });

  test("a field that is part of the record cannot be deleted (409), a rename is fine", async () => {
    const id = await fieldId("Lot");
    const url = `/api/custom-fields/${id}`;
    const headers = editor;
    expect((await t.app.inject({ method: "DELETE", url, headers })).statusCode).toBe(409);
    const renamed = await t.app.inject({ method: "PATCH", url, headers, payload: { name: "Lot" } });
    expect(renamed.statusCode).toBe(200);
  });
});

describe("the record holds the values of record fields", () => {
  test("a record field's value is in the record document and its SHA-256 is the content hash", async () => {
    const id = await endedLabel("RF-DOC");
    await setLot(id, "L-2026-11");
    const text = await recordDocument(id);
    expect(JSON.parse(text).recordFields).toEqual({ lot: "L-2026-11" });
    expect(createHash("sha256").update(text, "utf8").digest("hex")).toBe(await contentHashOf(id));
  });

  test("a new value of a record field changes the content hash", async () => {
    const id = await endedLabel("RF-HASH");
    const before = await contentHashOf(id);
    await setLot(id, "L-1");
    expect(await contentHashOf(id)).not.toBe(before);
  });

  test("a field that is not part of the record leaves the content hash as it was", async () => {
    const id = await endedLabel("RF-OUTSIDE");
    const before = await contentHashOf(id);
    const res = await patch(id, { customFields: { palletNote: "Top shelf" } });
    expect(res.statusCode).toBe(200);
    expect(await contentHashOf(id)).toBe(before);
    expect(JSON.parse(await recordDocument(id)).recordFields).toBeUndefined();
  });

  test("the CSV names the record field's value in its header lines", async () => {
    const id = await endedLabel("RF-CSV");
    await setLot(id, "L-CSV-7");
    const res = await t.app.inject({
      method: "GET",
      url: `/api/label-reports/${id}/export?fileType=csv`,
      headers: await headersOf(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("# record.lot,L-CSV-7");
  });

  test("the PDF prints the record field by its name", async () => {
    const id = await endedLabel("RF-PDF");
    await setLot(id, "L-PDF-3");
    const res = await t.app.inject({
      method: "GET",
      url: `/api/label-reports/${id}/export?fileType=pdf`,
      headers: await headersOf(),
    });
    expect(res.statusCode).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain("Lot");
    expect(text).toContain("L-PDF-3");
  });

  test("the share page answers the record fields, named", async () => {
    const id = await endedLabel("RF-SHARE");
    await setLot(id, "L-SHARE-1");
    const created = await t.app.inject({
      method: "POST",
      url: `/api/label-reports/${id}/share-links`,
      headers: await headersOf(),
      payload: {},
    });
    expect(created.statusCode).toBe(201);
    const token = (created.json().url as string).split("/share/")[1];
    const res = await t.app.inject({ method: "GET", url: `/api/share/${token}`, remoteAddress: "10.9.0.1" });
    expect(res.statusCode).toBe(200);
    expect(res.json().recordFields).toEqual([{ key: "lot", name: "Lot", text: "L-SHARE-1" }]);
  });
});

describe("editing a record field", () => {
  test("without a reason it is refused (400, per-field `reason`) and nothing is written", async () => {
    const id = await endedLabel("RF-NO-REASON");
    const before = await contentHashOf(id);
    const res = await patch(id, { customFields: { lot: "L-X" } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors?.reason ?? JSON.stringify(res.json())).toMatch(/why a value of the record/i);
    expect(await contentHashOf(id)).toBe(before);
  });

  test("a reason shorter than 10 characters is refused (400)", async () => {
    const id = await endedLabel("RF-SHORT");
    expect((await patch(id, { customFields: { lot: "L-X" }, reason: "typo" })).statusCode).toBe(400);
  });

  test("the edit is audited with the value before and after and the reason", async () => {
    const id = await endedLabel("RF-AUDIT");
    await setLot(id, "L-OLD");
    await setLot(id, "L-NEW");
    const res = await t.app.inject({
      method: "GET",
      url: `/api/label-reports/${id}/audit`,
      headers: await headersOf(),
    });
    const entry = (res.json() as { action: string; before: unknown; after: unknown; reason: string }[]).find(
      (e) => e.action === "recordFields",
    );
    expect(entry).toMatchObject({ before: { lot: "L-OLD" }, after: { lot: "L-NEW" }, reason: BATCH_REASON });
  });

  test("after signing, the edit supersedes the signature and the signer is e-mailed", async () => {
    const id = await endedLabel("RF-SIGNED");
    await setLot(id, "L-SIGNED");
    await signDisposition(t, { email: SIGNER, password: PASSWORD, companyId: world.companies.a }, id);
    const detail = await setLot(id, "L-CHANGED");
    expect(detail.disposition).toBeNull();
    expect(detail.dispositionHistory[0]).toMatchObject({ supersededBy: "recordField" });
    const mail = await t.database.db
      .selectFrom("outbox")
      .select("text")
      .where("recipient", "=", SIGNER)
      .where("subject", "like", "%RF-SIGNED%")
      .executeTakeFirst();
    expect(mail?.text).toContain("a value of the record was edited");
  });

  test("a field outside the record needs no reason and leaves the signature standing", async () => {
    const id = await endedLabel("RF-SIGNED-OUTSIDE");
    await signDisposition(t, { email: SIGNER, password: PASSWORD, companyId: world.companies.a }, id);
    const res = await patch(id, { customFields: { palletNote: "Moved" } });
    expect(res.statusCode).toBe(200);
    expect(res.json().disposition).toMatchObject({ value: "released" });
  });
});
