import { isApiKeyScope } from "../../core/domain/api-key-scopes";
import { apiKeyByHash, touchApiKey } from "../db/api-keys";
import type { Db } from "../db/index";
import { unauthorised } from "../errors";
import { abilityForApiKey } from "./abilities";
import { randomToken, sha256Hex } from "./hash";
import type { Principal } from "./principal";

/**
 * Company API keys (docs/api.md, API keys). A key is `cck_` + 8 characters that name it
 * in lists (its prefix) + `_` + 32 random bytes. Only its SHA-256 is stored: the key
 * has 256 bits of entropy, so a slow hash would add nothing but latency per request.
 * Role-token secrets travel in the same `api-key` header; the `cck_` prefix tells
 * the two apart.
 */

const API_KEY_PREFIX = "cck_";
/** Last-used is written at most this often per key, so busy integrations cost no write per request. */
const LAST_USED_RESOLUTION_MS = 60_000;
/** The principal's user id when a key calls: no person (a nil UUID matches no user). */
const NO_USER = "00000000-0000-0000-0000-000000000000";

export function isApiKey(secret: string): boolean {
  return secret.startsWith(API_KEY_PREFIX);
}

export function newApiKey(): { key: string; prefix: string; keyHash: string } {
  const prefix = `${API_KEY_PREFIX}${randomToken(6).slice(0, 8)}`;
  const key = `${prefix}_${randomToken(32)}`;
  return { key, prefix, keyHash: sha256Hex(key) };
}

/** A key's principal: its company only, what its scopes allow; revoked, expired or unknown keys are 401 at once. */
export async function authenticateApiKey(db: Db, key: string): Promise<Principal> {
  if (key.length > 200) throw unauthorised("Invalid API key");
  const row = await apiKeyByHash(db, sha256Hex(key));
  if (!row || row.revoked) throw unauthorised("Invalid or revoked API key");
  if (row.expiresAt && row.expiresAt.getTime() <= Date.now())
    throw unauthorised(
      `This API key expired on ${row.expiresAt.toISOString().slice(0, 10)}: an administrator can extend it in Settings > API keys`,
    );
  if (!row.lastUsed || Date.now() - row.lastUsed.getTime() > LAST_USED_RESOLUTION_MS) {
    await touchApiKey(db, row.id, new Date(Date.now() - LAST_USED_RESOLUTION_MS));
  }
  return {
    userId: NO_USER,
    companyId: row.companyId,
    userRoleId: NO_USER,
    roles: [],
    featureFlags: {},
    impersonatorUserId: null,
    tokenId: row.id,
    apiKeyId: row.id,
    ability: abilityForApiKey(row.scopes.filter(isApiKeyScope)),
    companyScope: [row.companyId],
  };
}
