import { type JWTPayload, errors as joseErrors, jwtVerify } from "jose";
import { LRUCache } from "lru-cache";
import { unauthorised } from "../errors";
import { SIGNING_ALG, type SigningKeys } from "./keys";

/**
 * Role-token JWTs whose signature was verified, kept until they expire: an ES256 check
 * per request was a large part of a list request's CPU in the profile.
 * Only the signature check is saved. It is a pure function of the JWT's bytes and the
 * process's public keys (keys are loaded once per process; a cache per SigningKeys
 * follows them), so a hit answers exactly what jwtVerify would. Revocation never lived
 * in the signature: the role token, its session and the role are read from the database
 * on every request (role-tokens.ts), so sign-out, a password change, a removed member or
 * an ended impersonation still refuse the very next request. Only valid JWTs enter, so
 * a caller cannot fill the cache with forgeries; the key is the whole JWT, signature
 * included, so a changed claim or signature is a miss and is verified.
 */
const MAX_ENTRIES = 10_000;

const caches = new WeakMap<SigningKeys, LRUCache<string, JWTPayload>>();

export async function verifyRoleTokenJwt(keys: SigningKeys, jwt: string, typ: string): Promise<JWTPayload> {
  let cache = caches.get(keys);
  if (!cache) {
    cache = new LRUCache<string, JWTPayload>({ max: MAX_ENTRIES });
    caches.set(keys, cache);
  }
  const hit = cache.get(jwt);
  // Checked on a hit too: the entry's TTL runs on the cache's own clock.
  if (hit && typeof hit.exp === "number" && hit.exp * 1000 > Date.now()) return hit;
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(jwt, keys.resolve, { algorithms: [SIGNING_ALG], typ }));
  } catch (e) {
    if (e instanceof joseErrors.JOSEError) throw unauthorised("Invalid or expired role token");
    throw e;
  }
  // A JWT without an expiry is verified each time rather than kept for ever.
  const ttl = typeof payload.exp === "number" ? payload.exp * 1000 - Date.now() : 0;
  if (ttl > 0) cache.set(jwt, payload, { ttl });
  return payload;
}
