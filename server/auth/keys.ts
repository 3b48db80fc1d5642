import { randomUUID } from "node:crypto";
import { type CryptoKey, createLocalJWKSet, exportJWK, generateKeyPair, importJWK, type JWK } from "jose";
import type { Db } from "../db/index";
import { insertSigningKey, workingSigningKeys } from "../db/signing-keys";

export const SIGNING_ALG = "ES256";

export interface SigningKeys {
  kid: string;
  privateKey: CryptoKey;
  /** The public keys of every key not yet retired, served as JWKS. */
  jwks: { keys: JWK[] };
  /** Resolves a JWT header's kid to a public key, for jwtVerify. */
  resolve: ReturnType<typeof createLocalJWKSet>;
}

/**
 * Loads the signing key from the database, creating it on first use. Kept in the
 * database (not in memory or a file) so every server instance signs and verifies
 * with the same keys.
 */
export async function loadSigningKeys(db: Db, purpose: "session" | "record" = "session"): Promise<SigningKeys> {
  let rows = await workingSigningKeys(db, purpose);
  if (rows.length === 0) {
    const { privateKey, publicKey } = await generateKeyPair(SIGNING_ALG, { extractable: true });
    const kid = `k-${randomUUID()}`;
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: SIGNING_ALG, use: "sig" };
    const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: SIGNING_ALG };
    await insertSigningKey(db, {
      kid,
      alg: SIGNING_ALG,
      privateJwk: JSON.stringify(privateJwk),
      publicJwk: JSON.stringify(publicJwk),
      purpose,
    });
    // Another instance may have raced us: everyone takes the newest key.
    rows = await workingSigningKeys(db, purpose);
  }
  const newest = rows[0];
  if (!newest) throw new Error("No signing key could be created");
  const privateKey = (await importJWK(newest.privateJwk as JWK, SIGNING_ALG)) as CryptoKey;
  const jwks = { keys: rows.map((r) => r.publicJwk as JWK) };
  return { kid: newest.kid, privateKey, jwks, resolve: createLocalJWKSet(jwks) };
}
