import { compactVerify, createLocalJWKSet, type JSONWebKeySet } from "jose";
import type { IssuedRecord } from "../api/issued-record";
import { RECORD_SIGNATURE_TYPE, type RecordClaims } from "./record-signature";

/**
 * Checks a record file against the server that issued it (the /verify page and `npm run
 * verify` run this one function; docs/record-format.md says the same in prose):
 * 1. the content hash: a record document (JSON) is hashed as it is, byte for byte; a PDF
 *    names its hash in its document information (Subject "Content SHA-256 <hash>");
 * 2. the server says whether it issued that hash (GET /api/records/{hash}), with a fresh
 *    signature of it;
 * 3. that signature is checked with the server's published keys (/.well-known/jwks.json)
 *    and must name the same hash.
 */

export type RecordFileKind = "record" | "pdf";

export type RecordVerdict =
  /** The server issued it and signed it; `current` false: the report's record changed since. */
  | { kind: "issued"; file: RecordFileKind; contentHash: string; record: IssuedRecord; signedAt: Date }
  /** No server record has this hash: the file was changed, or it does not come from this server. */
  | { kind: "unknown"; file: RecordFileKind; contentHash: string }
  /** The server's answer does not verify with its published keys (a proxy or an impostor in between). */
  | { kind: "badSignature"; file: RecordFileKind; contentHash: string }
  /** Not a record document nor a PDF that names a content hash. */
  | { kind: "unreadable"; reason: string };

export interface VerifyDeps {
  /** SHA-256 of the bytes, 64 lowercase hex digits. */
  sha256(bytes: Uint8Array): Promise<string>;
  /** GET of a path of the server: its status and JSON body. */
  getJson(path: string): Promise<{ status: number; body: unknown }>;
}

const RECORD_FORMAT_PREFIX = '{"disposition":';
const PDF_MAGIC = "%PDF-";
const PDF_HASH = /Content SHA-256 ([0-9a-f]{64})/;

/** The bytes as Latin-1 text: every byte one character, so a PDF's ASCII parts read as they are. */
function latin1(bytes: Uint8Array, limit = bytes.length): string {
  let text = "";
  const end = Math.min(limit, bytes.length);
  for (let i = 0; i < end; i += 8192) text += String.fromCharCode(...bytes.subarray(i, Math.min(end, i + 8192)));
  return text;
}

/** What the file is and the content hash it stands for, or why it cannot be checked. */
export async function contentHashOf(
  bytes: Uint8Array,
  sha256: VerifyDeps["sha256"],
): Promise<{ file: RecordFileKind; contentHash: string } | { reason: string }> {
  const head = latin1(bytes, 64);
  if (head.startsWith(PDF_MAGIC)) {
    const found = PDF_HASH.exec(latin1(bytes));
    return found?.[1]
      ? { file: "pdf", contentHash: found[1] }
      : { reason: "This PDF names no content hash: it is not a report downloaded from ColdChain." };
  }
  // A record document is canonical JSON: an object whose first key is "disposition" or "format".
  if (head.startsWith(RECORD_FORMAT_PREFIX) || head.startsWith('{"format":"coldchain-label-report-content/'))
    return { file: "record", contentHash: await sha256(bytes) };
  return { reason: "This is neither a record document (JSON) nor a report PDF downloaded from ColdChain." };
}

export async function verifyRecord(bytes: Uint8Array, deps: VerifyDeps): Promise<RecordVerdict> {
  const found = await contentHashOf(bytes, deps.sha256);
  if ("reason" in found) return { kind: "unreadable", reason: found.reason };
  const { file, contentHash } = found;
  const lookup = await deps.getJson(`/api/records/${contentHash}`);
  if (lookup.status === 404) return { kind: "unknown", file, contentHash };
  if (lookup.status !== 200) throw new Error(`The server answered ${lookup.status}; please try again.`);
  const record = lookup.body as IssuedRecord;
  const keys = await deps.getJson("/.well-known/jwks.json");
  if (keys.status !== 200) throw new Error(`The server's keys could not be read (${keys.status}).`);
  try {
    const { payload, protectedHeader } = await compactVerify(
      record.contentSignature,
      createLocalJWKSet(keys.body as JSONWebKeySet),
      { algorithms: ["ES256"] },
    );
    const claims = JSON.parse(new TextDecoder().decode(payload)) as RecordClaims;
    if (protectedHeader.typ !== RECORD_SIGNATURE_TYPE || claims.contentHash !== contentHash)
      return { kind: "badSignature", file, contentHash };
    return { kind: "issued", file, contentHash, record, signedAt: new Date(claims.iat * 1000) };
  } catch {
    return { kind: "badSignature", file, contentHash };
  }
}
