import { createHash } from "node:crypto";
import { compactVerify, createLocalJWKSet, decodeProtectedHeader, type JSONWebKeySet } from "jose";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { verifyRecord } from "../../core/record/verify-record";
import { createTestApp, type TestApp } from "./support/app";
import { apiKeyOf, registerLabel, sendReadings, series, stopLabel } from "./support/ingest";
import { signDisposition } from "./support/sign-disposition";
import { buildWorld, setEveryPassword, type World } from "./support/world";

/**
 * Anyone can verify a record. The record document is
 * byte for byte what the content hash hashes; the server signs each hash it issues with a
 * record key published at /.well-known/jwks.json; /api/records/{hash} says whether the
 * server issued a hash and whether it is still the report's record.
 */

let t: TestApp;
let world: World;
let ingest: string;
const PASSWORD = "Signing-pass-1";

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db, { reportsPerCompany: 4 });
  await setEveryPassword(t.database.db, PASSWORD);
  ingest = await apiKeyOf(t.database.db, world.companies.a, ["ingest"]);
});
afterAll(async () => t?.close());

const sha256 = (bytes: Buffer | string) => createHash("sha256").update(bytes).digest("hex");
const admin = () => t.headersFor(world.users["a:administrator"] as string, world.companies.a);
let addressCounter = 0;
/** Each public request from its own address, so the per-address limits are only met where a test means it. */
const publicGet = (url: string) =>
  t.app.inject({ method: "GET", url, remoteAddress: `10.9.0.${(addressCounter++ % 250) + 1}` });

/** An ended label with a shock in its readings, signed "Released" by the administrator. */
async function signedLabel(labelId: string) {
  const { id } = await registerLabel(t, ingest, labelId, world.presets.a);
  const readings = series("2026-11-20T08:00:00Z", 12, 10, () => 5).map((r, i) => (i === 4 ? { ...r, shock: 6.5 } : r));
  expect((await sendReadings(t, ingest, labelId, readings)).statusCode).toBe(200);
  await stopLabel(t, ingest, id);
  await signDisposition(
    t,
    { email: "a-administrator@test.example", password: PASSWORD, companyId: world.companies.a },
    id,
    { comment: "Checked" },
  );
  return id;
}

async function detail(id: string) {
  const res = await t.app.inject({ method: "GET", url: `/api/label-reports/${id}`, headers: await admin() });
  expect(res.statusCode).toBe(200);
  return res.json() as { contentHash: string; contentSignature: string; labelId: string };
}

async function jwks() {
  const res = await publicGet("/.well-known/jwks.json");
  expect(res.statusCode).toBe(200);
  return res.json() as JSONWebKeySet;
}

describe("the record document", () => {
  test("its SHA-256 is the report's content hash, and X-Content-SHA256 says so", async () => {
    const id = await signedLabel("VER-HASH");
    const res = await t.app.inject({ method: "GET", url: `/api/label-reports/${id}/record`, headers: await admin() });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(sha256(res.rawPayload)).toBe((await detail(id)).contentHash);
    expect(res.headers["x-content-sha256"]).toBe(sha256(res.rawPayload));
  });

  test("it holds the shock events and the standing signature by the signer's name and id, without an e-mail", async () => {
    const id = await signedLabel("VER-CONTENT");
    const res = await t.app.inject({ method: "GET", url: `/api/label-reports/${id}/record`, headers: await admin() });
    const record = res.json();
    expect(record.format).toBe("coldchain-label-report-content/2");
    expect(record.shockEvents).toEqual([["2026-11-20T08:40:00.000Z", 6.5]]);
    expect(record.disposition.signedBy).toEqual({
      id: world.users["a:administrator"],
      name: "a-administrator Tester",
    });
    expect(res.body).not.toContain("@test.example");
  });

  test("without its disposition key, it hashes to the hash the signature signed", async () => {
    const id = await signedLabel("VER-SIGNED");
    const res = await t.app.inject({ method: "GET", url: `/api/label-reports/${id}/record`, headers: await admin() });
    const { disposition: _signature, ...signed } = res.json();
    // Canonical form: keys sorted, no whitespace; the document's own keys are ASCII words.
    const sorted = Object.fromEntries(Object.entries(signed).sort(([a], [b]) => (a < b ? -1 : 1)));
    const report = await t.app.inject({ method: "GET", url: `/api/label-reports/${id}`, headers: await admin() });
    expect(sha256(JSON.stringify(sorted))).toBe(report.json().disposition.contentHash);
  });

  test("a share link's record is the same document, without credentials, counted as an open", async () => {
    const id = await signedLabel("VER-SHARE");
    const link = await t.app.inject({
      method: "POST",
      url: `/api/label-reports/${id}/share-links`,
      headers: await admin(),
      payload: {},
    });
    const token = (link.json().url as string).split("/share/")[1];
    const shared = await publicGet(`/api/share/${token}/record`);
    expect(shared.statusCode).toBe(200);
    expect(sha256(shared.rawPayload)).toBe((await detail(id)).contentHash);
    const page = await publicGet(`/api/share/${token}`);
    expect(page.json().contentHash).toBe(sha256(shared.rawPayload));
    const opens = await t.database.db
      .selectFrom("shareLinkOpens")
      .select("kind")
      .where("linkId", "=", link.json().id)
      .execute();
    expect(opens.map((o) => o.kind)).toContain("record");
  });

  test("another company's report has no record for the caller: 404", async () => {
    const id = await signedLabel("VER-FOREIGN");
    const res = await t.app.inject({
      method: "GET",
      url: `/api/label-reports/${id}/record`,
      headers: await t.headersFor(world.users["b:administrator"] as string, world.companies.b),
    });
    expect(res.statusCode).toBe(404);
  });

  test("without credentials the record is a 401", async () => {
    const id = await signedLabel("VER-ANON");
    expect((await publicGet(`/api/label-reports/${id}/record`)).statusCode).toBe(401);
  });

  test("a read-scoped API key gets the record", async () => {
    const id = await signedLabel("VER-KEY");
    const key = await apiKeyOf(t.database.db, world.companies.a, ["read"]);
    const res = await t.app.inject({
      method: "GET",
      url: `/api/label-reports/${id}/record`,
      headers: { "api-key": key },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe("the server's signature", () => {
  test("contentSignature verifies with the published keys and names the report and its hash", async () => {
    const id = await signedLabel("VER-JWS");
    const report = await detail(id);
    const { payload, protectedHeader } = await compactVerify(report.contentSignature, createLocalJWKSet(await jwks()));
    expect(protectedHeader).toMatchObject({ alg: "ES256", typ: "coldchain-record+jws" });
    expect(JSON.parse(new TextDecoder().decode(payload))).toMatchObject({
      reportId: id,
      labelId: "VER-JWS",
      contentHash: report.contentHash,
      iat: expect.any(Number),
    });
  });

  test("a signature with one byte of its payload changed does not verify", async () => {
    const id = await signedLabel("VER-TAMPER");
    const [header, payload, signature] = (await detail(id)).contentSignature.split(".") as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, contentHash: "0".repeat(64) })).toString("base64url");
    await expect(compactVerify(`${header}.${forged}.${signature}`, createLocalJWKSet(await jwks()))).rejects.toThrow();
  });

  test("a record key is not a session key: neither key set holds the other's", async () => {
    const id = await signedLabel("VER-KEYS");
    const { kid } = decodeProtectedHeader((await detail(id)).contentSignature);
    const sessionKeys = (await publicGet("/api/auth/jwt/jwks.json")).json() as JSONWebKeySet;
    expect(sessionKeys.keys.map((k) => k.kid)).not.toContain(kid);
    expect((await jwks()).keys.map((k) => k.kid)).toEqual([kid]);
  });
});

describe("asking whether the server issued a record", () => {
  test("an issued hash answers the report's label, when it was issued, that it is current, and a signature", async () => {
    const id = await signedLabel("VER-LOOKUP");
    const { contentHash } = await detail(id);
    const res = await publicGet(`/api/records/${contentHash}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ contentHash, reportId: id, labelId: "VER-LOOKUP", current: true });
    await compactVerify(res.json().contentSignature, createLocalJWKSet(await jwks()));
  });

  test("after late readings the old hash is still issued but no longer current", async () => {
    const id = await signedLabel("VER-CHANGED");
    const { contentHash } = await detail(id);
    await sendReadings(t, ingest, "VER-CHANGED", [{ time: "2026-11-20T08:05:00.000Z", temperature: 30 }]);
    const res = await publicGet(`/api/records/${contentHash}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().current).toBe(false);
  });

  test("a hash the server never issued is a 404 that says so", async () => {
    const res = await publicGet(`/api/records/${"ab".repeat(32)}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("This server never issued a record with this content hash");
  });

  test("something that is not a SHA-256 is a 400", async () => {
    expect((await publicGet("/api/records/not-a-hash")).statusCode).toBe(400);
  });
});

describe("checking a file as /verify and npm run verify do", () => {
  const deps = {
    sha256: async (bytes: Uint8Array) => sha256(Buffer.from(bytes)),
    getJson: async (path: string) => {
      const res = await publicGet(path);
      return { status: res.statusCode, body: res.json() as unknown };
    },
  };

  test("a record document as downloaded is issued, current and signed", async () => {
    const id = await signedLabel("VER-FILE");
    const res = await t.app.inject({ method: "GET", url: `/api/label-reports/${id}/record`, headers: await admin() });
    const verdict = await verifyRecord(new Uint8Array(res.rawPayload), deps);
    expect(verdict).toMatchObject({ kind: "issued", file: "record", record: { labelId: "VER-FILE", current: true } });
  });

  test("a record document with one reading changed was not issued", async () => {
    const id = await signedLabel("VER-FORGED");
    const res = await t.app.inject({ method: "GET", url: `/api/label-reports/${id}/record`, headers: await admin() });
    const forged = res.body.replace('"2026-11-20T08:00:00.000Z",5,', '"2026-11-20T08:00:00.000Z",4,');
    expect(forged).not.toBe(res.body);
    const verdict = await verifyRecord(new TextEncoder().encode(forged), deps);
    expect(verdict.kind).toBe("unknown");
  });

  test("a downloaded PDF names its content hash where the check reads it, and it was issued", async () => {
    const id = await signedLabel("VER-PDF");
    const pdf = await t.app.inject({
      method: "GET",
      url: `/api/label-reports/${id}/export?fileType=pdf`,
      headers: await admin(),
    });
    expect(pdf.statusCode).toBe(200);
    const verdict = await verifyRecord(new Uint8Array(pdf.rawPayload), deps);
    expect(verdict).toMatchObject({ kind: "issued", file: "pdf", contentHash: pdf.headers["x-content-sha256"] });
  });

  test("a file that is neither a record nor a report PDF cannot be checked", async () => {
    const verdict = await verifyRecord(new TextEncoder().encode("label,temperature\nA,5\n"), deps);
    expect(verdict.kind).toBe("unreadable");
  });
});
