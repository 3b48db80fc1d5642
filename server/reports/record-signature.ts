import { CompactSign } from "jose";
import { RECORD_SIGNATURE_TYPE, type RecordClaims } from "../../core/record/record-signature";
import { loadSigningKeys, SIGNING_ALG, type SigningKeys } from "../auth/keys";
import type { Db } from "../db/index";
import { recordPublicKeys } from "../db/signing-keys";

/**
 * The server's signature of a content hash it issues (`contentSignature`): a compact JWS
 * (ES256) whose payload names the report, its label, the hash and the time, made with a
 * record key (never a session key: signing_keys.purpose). The public keys are at
 * /.well-known/jwks.json, retired ones included, so a record verifies for as long as it is
 * kept. The key is loaded on first use and kept for the process's life; a new key (rotation)
 * is taken at the next start, and the old one stays published.
 */
/** Signatures kept for reuse: a report's detail is opened far more often than its record changes. */
const KEPT_SIGNATURES = 10_000;

export class RecordSigner {
  private keys: Promise<SigningKeys> | null = null;
  /** By report and hash, oldest first (a Map keeps insertion order), so the oldest is dropped first. */
  private readonly signed = new Map<string, string>();

  constructor(private readonly db: Db) {}

  private load(): Promise<SigningKeys> {
    if (!this.keys)
      this.keys = loadSigningKeys(this.db, "record").catch((error: unknown) => {
        // A database outage must not stick: the next request tries again.
        this.keys = null;
        throw error;
      });
    return this.keys;
  }

  /**
   * The signature of a hash as issued: the first time this process signs a report's hash,
   * later asks get the same signature (its `iat` is when the hash was first issued), so an
   * open of the report costs no new ECDSA signature.
   */
  async sign(claims: Omit<RecordClaims, "iat">, now = new Date()): Promise<string> {
    const key = `${claims.reportId}:${claims.contentHash}`;
    const kept = this.signed.get(key);
    if (kept) return kept;
    const keys = await this.load();
    const payload: RecordClaims = { ...claims, iat: Math.floor(now.getTime() / 1000) };
    const signature = await new CompactSign(new TextEncoder().encode(JSON.stringify(payload)))
      .setProtectedHeader({ alg: SIGNING_ALG, kid: keys.kid, typ: RECORD_SIGNATURE_TYPE })
      .sign(keys.privateKey);
    this.signed.set(key, signature);
    if (this.signed.size > KEPT_SIGNATURES) this.signed.delete(this.signed.keys().next().value as string);
    return signature;
  }

  /** The key id new signatures carry (the PDF prints it). */
  async keyId(): Promise<string> {
    return (await this.load()).kid;
  }

  async publicKeys() {
    await this.load();
    return { keys: (await recordPublicKeys(this.db)).map((row) => row.publicJwk) };
  }
}
