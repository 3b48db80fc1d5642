import { randomBytes } from "node:crypto";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import { DEFAULT_INACTIVITY_SIGN_OUT_MINUTES, idleTooLong } from "../../core/domain/session-inactivity";
import { DEFAULT_ACCESS_TOKEN_SECONDS, DEFAULT_REFRESH_TOKEN_SECONDS, DEFAULT_SESSION_MAX_HOURS } from "../config";
import { readCompany } from "../db/companies";
import type { Db } from "../db/index";
import {
  endSession,
  insertSession,
  lockSession,
  noteSessionActivity,
  sessionState,
  updateSession,
} from "../db/sessions";
import { randomToken, sha256Hex } from "./hash";
import { SIGNING_ALG, type SigningKeys } from "./keys";

/**
 * Sessions of the SuperTokens frontend protocol, without a SuperTokens core: an access
 * token (ES256 JWT, short-lived) and an opaque refresh token rotated on every refresh
 * (the previous token stays usable for a short grace window, any other reuse revokes
 * the session as theft).
 */

export interface SessionSettings {
  accessTokenSeconds: number;
  refreshTokenSeconds: number;
  /** How long the previous refresh token still works after a rotation (parallel tabs, lost responses). */
  refreshGraceSeconds: number;
  /** SESSION_MAX_HOURS: a session's absolute lifetime, however active the person is. */
  maxSessionHours?: number;
}

/** How long the previous refresh token still works after a rotation. */
export const REFRESH_GRACE_SECONDS = 30;

/** The defaults; the server passes ACCESS_TOKEN_SECONDS and REFRESH_TOKEN_SECONDS from server/config.ts. */
export const DEFAULT_SESSION_SETTINGS: SessionSettings = {
  accessTokenSeconds: DEFAULT_ACCESS_TOKEN_SECONDS,
  refreshTokenSeconds: DEFAULT_REFRESH_TOKEN_SECONDS,
  refreshGraceSeconds: REFRESH_GRACE_SECONDS,
  maxSessionHours: DEFAULT_SESSION_MAX_HOURS,
};

/** When a session that began at `created` ends regardless of activity. */
function absoluteEndOf(created: Date, settings: SessionSettings): Date {
  const hours = settings.maxSessionHours ?? DEFAULT_SESSION_MAX_HOURS;
  return new Date(created.getTime() + hours * 3_600_000);
}

/**
 * A refresh token lives its own lifetime but never past the session's absolute end, so the
 * access check and the role tokens (which read the session's `expires`) stop there too.
 */
function refreshExpiry(now: number, absoluteEnd: Date, settings: SessionSettings): Date {
  return new Date(Math.min(now + settings.refreshTokenSeconds * 1000, absoluteEnd.getTime()));
}

/**
 * The last user action to keep: a claim moves it forward, never back, and never past now, so
 * a client cannot buy itself idle time in the future.
 */
function lastActiveAfterClaim(stored: Date, claimed: number | null, now: number): Date {
  if (claimed === null) return stored;
  return new Date(Math.max(stored.getTime(), Math.min(claimed, now)));
}

/** The inactivity limit of a session's company; the default before a company is chosen (or once it is gone). */
async function inactivityMinutesOf(db: Db, companyId: string | null): Promise<number> {
  if (!companyId) return DEFAULT_INACTIVITY_SIGN_OUT_MINUTES;
  const company = await readCompany(db, companyId, ["inactivitySignOutMinutes"]);
  return company?.inactivitySignOutMinutes ?? DEFAULT_INACTIVITY_SIGN_OUT_MINUTES;
}

/** The company a session works in, as setSessionCompany remembered it. */
function companyOfPayload(payload: Record<string, unknown> | null | undefined): string | null {
  return typeof payload?.companyId === "string" ? payload.companyId : null;
}

const ACCESS_TOKEN_TYPE = "at+jwt";

export interface AccessTokenPayload {
  sub: string;
  sessionHandle: string;
  tId: string;
  iat: number;
  exp: number;
  iss?: string;
  [claim: string]: unknown;
}

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  refreshExpires: Date;
  payload: AccessTokenPayload;
}

/** Hash stored for a refresh token: H(H(token)), as the protocol describes. */
function refreshHash(token: string): string {
  return sha256Hex(sha256Hex(token));
}

/** A refresh token names its session, so a lookup needs no scan: `<handle>.<random>`. */
function newRefreshToken(handle: string): string {
  return `${handle}.${randomToken(32)}`;
}

function handleOf(refreshToken: string): string | null {
  const dot = refreshToken.indexOf(".");
  if (dot <= 0) return null;
  const handle = refreshToken.slice(0, dot);
  return /^[A-Za-z0-9_-]{16,64}$/.test(handle) ? handle : null;
}

async function signAccessToken(keys: SigningKeys, payload: Omit<AccessTokenPayload, "iat" | "exp">, seconds: number) {
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + seconds;
  const token = await new SignJWT({ ...payload })
    .setProtectedHeader({ alg: SIGNING_ALG, kid: keys.kid, typ: ACCESS_TOKEN_TYPE })
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(keys.privateKey);
  return { token, payload: { ...payload, iat, exp } as AccessTokenPayload };
}

export async function createSession(
  db: Db,
  keys: SigningKeys,
  input: { userId: string; tenantId?: string },
  settings: SessionSettings = DEFAULT_SESSION_SETTINGS,
): Promise<IssuedTokens> {
  const handle = randomBytes(24).toString("base64url");
  const refreshToken = newRefreshToken(handle);
  const now = Date.now();
  const refreshExpires = refreshExpiry(now, absoluteEndOf(new Date(now), settings), settings);
  await insertSession(db, {
    handle,
    userId: input.userId,
    tenantId: input.tenantId ?? "public",
    refreshHash: refreshHash(refreshToken),
    payload: "{}",
    expires: refreshExpires,
  });
  const { token, payload } = await signAccessToken(
    keys,
    { sub: input.userId, sessionHandle: handle, tId: input.tenantId ?? "public" },
    settings.accessTokenSeconds,
  );
  return { accessToken: token, refreshToken, refreshExpires, payload };
}

export type RefreshOutcome =
  | { ok: true; tokens: IssuedTokens; userId: string; handle: string; companyId: string | null }
  | { ok: false; reason: "missing" | "unknown" | "expired" | "theft" | "lifetime" | "inactive" };

/**
 * Rotates a refresh token inside one transaction (row locked), so two tabs refreshing
 * at once cannot both rotate from the same token. `lastActivity` is the dashboard's claim of
 * the last user action (ms); the refresh is refused, and the session ended, past the
 * session's absolute end or after its company's inactivity limit without an action.
 */
export async function refreshSession(
  db: Db,
  keys: SigningKeys,
  refreshToken: string | undefined,
  settings: SessionSettings = DEFAULT_SESSION_SETTINGS,
  lastActivity: number | null = null,
): Promise<RefreshOutcome> {
  if (!refreshToken) return { ok: false, reason: "missing" };
  const handle = handleOf(refreshToken);
  if (!handle) return { ok: false, reason: "unknown" };
  const presented = refreshHash(refreshToken);
  return db.transaction().execute(async (trx): Promise<RefreshOutcome> => {
    const session = await lockSession(trx, handle);
    if (!session || session.revoked) return { ok: false, reason: "unknown" };
    if (session.expires.getTime() <= Date.now()) return { ok: false, reason: "expired" };
    const inGrace =
      session.previousRefreshHash === presented &&
      session.rotated !== null &&
      Date.now() - session.rotated.getTime() <= settings.refreshGraceSeconds * 1000;
    if (session.refreshHash !== presented && !inGrace) {
      // An old refresh token used again: someone else holds a copy. End the session for both.
      await endSession(trx, handle);
      return { ok: false, reason: "theft" };
    }
    const now = Date.now();
    const absoluteEnd = absoluteEndOf(session.created, settings);
    const companyId = companyOfPayload(session.payload);
    const lastActiveAt = lastActiveAfterClaim(session.lastActiveAt, lastActivity, now);
    const refusal =
      now >= absoluteEnd.getTime()
        ? ("lifetime" as const)
        : idleTooLong(lastActiveAt.getTime(), now, await inactivityMinutesOf(trx, companyId))
          ? ("inactive" as const)
          : null;
    if (refusal) {
      // Ended, not just refused: its role tokens (impersonations included) end with it.
      await endSession(trx, handle);
      return { ok: false, reason: refusal };
    }
    const next = newRefreshToken(handle);
    const refreshExpires = refreshExpiry(now, absoluteEnd, settings);
    await updateSession(
      trx,
      handle,
      inGrace
        ? { refreshHash: refreshHash(next), expires: refreshExpires, lastActiveAt }
        : {
            refreshHash: refreshHash(next),
            previousRefreshHash: presented,
            rotated: new Date(now),
            expires: refreshExpires,
            lastActiveAt,
          },
    );
    const { token, payload } = await signAccessToken(
      keys,
      { sub: session.userId, sessionHandle: handle, tId: session.tenantId },
      settings.accessTokenSeconds,
    );
    return {
      ok: true,
      tokens: { accessToken: token, refreshToken: next, refreshExpires, payload },
      userId: session.userId,
      handle,
      companyId,
    };
  });
}

export type AccessCheck =
  | { ok: true; payload: AccessTokenPayload }
  | { ok: false; reason: "missing" | "invalid" | "expired" | "revoked" };

/**
 * Verifies an access token. Beyond the signature it checks that the session still
 * exists, so a sign-out or a theft revocation on any instance takes effect at once.
 */
export async function verifyAccessToken(db: Db, keys: SigningKeys, token: string | undefined): Promise<AccessCheck> {
  if (!token) return { ok: false, reason: "missing" };
  let payload: AccessTokenPayload;
  try {
    const verified = await jwtVerify(token, keys.resolve, { algorithms: [SIGNING_ALG], typ: ACCESS_TOKEN_TYPE });
    payload = verified.payload as AccessTokenPayload;
  } catch (e) {
    if (e instanceof joseErrors.JWTExpired) return { ok: false, reason: "expired" };
    if (e instanceof joseErrors.JOSEError) return { ok: false, reason: "invalid" };
    throw e;
  }
  if (typeof payload.sessionHandle !== "string" || typeof payload.sub !== "string")
    return { ok: false, reason: "invalid" };
  const session = await sessionState(db, payload.sessionHandle);
  if (!session || session.revoked || session.userId !== payload.sub || session.expires.getTime() <= Date.now()) {
    return { ok: false, reason: "revoked" };
  }
  return { ok: true, payload };
}

export interface SessionActivity {
  inactivitySignOutMinutes: number;
  lastActiveAt: Date;
  signedInUntil: Date;
}

/**
 * Records a user action the dashboard reports (clamped to now) and answers the session's
 * limits. It refuses nothing: the refresh is where the server decides (refreshSession), with
 * the dashboard's latest action in hand. Null for a session that has ended.
 */
export async function recordSessionActivity(
  db: Db,
  handle: string,
  claimed: number | null,
  settings: SessionSettings = DEFAULT_SESSION_SETTINGS,
): Promise<SessionActivity | null> {
  const now = Date.now();
  const row = await noteSessionActivity(db, handle, new Date(claimed === null ? 0 : Math.min(claimed, now)));
  if (!row) return null;
  return {
    inactivitySignOutMinutes: await inactivityMinutesOf(db, companyOfPayload(row.payload)),
    lastActiveAt: row.lastActiveAt,
    signedInUntil: absoluteEndOf(row.created, settings),
  };
}

export async function revokeSession(db: Db, handle: string): Promise<void> {
  await db.transaction().execute((trx) => endSession(trx, handle));
}

/** Remembers the company the session works in, so a refresh can mint its next role token. */
export async function setSessionCompany(db: Db, handle: string, companyId: string): Promise<void> {
  await updateSession(db, handle, { payload: JSON.stringify({ companyId }) });
}

/** The front-token header value: standard base64 of {uid, ate (ms), up}. */
export function frontToken(payload: AccessTokenPayload): string {
  const json = JSON.stringify({ uid: payload.sub, ate: payload.exp * 1000, up: payload });
  return Buffer.from(json, "utf8").toString("base64");
}
