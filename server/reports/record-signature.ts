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
export class RecordSigner {
  private keys: Promise<SigningKeys> | null = null;

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

  async sign(claims: Omit<RecordClaims, "iat">, now = new Date()): Promise<string> {
    const keys = await this.load();
    const payload: RecordClaims = { ...claims, iat: Math.floor(now.getTime() / 1000) };
    return new CompactSign(new TextEncoder().encode(JSON.stringify(payload)))
      .setProtectedHeader({ alg: SIGNING_ALG, kid: keys.kid, typ: RECORD_SIGNATURE_TYPE })
      .sign(keys.privateKey);
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
