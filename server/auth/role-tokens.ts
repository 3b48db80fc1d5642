import { SignJWT } from "jose";
import { type CompiledQuery, type InferResult, sql } from "kysely";
import { DEFAULT_INACTIVITY_SIGN_OUT_MINUTES, idleTooLong } from "../../core/domain/session-inactivity";
import type { Db } from "../db/index";
import { markPrepared } from "../db/prepared-statements";
import { unauthorised } from "../errors";
import { randomToken, sameHash, sha256Hex } from "./hash";
import { SIGNING_ALG, type SigningKeys } from "./keys";
import { verifyRoleTokenJwt } from "./verified-jwts";

/**
 * Company role tokens: what the spec calls currentUserRoleToken (the secret, sent
 * in the `api-key` header) and currentUserRoleJWT (sent in the `jwt` header).
 * The JWT says who and which company; the secret, checked against its stored
 * hash, makes a leaked JWT alone useless and lets a token be revoked at once.
 */

const ROLE_TOKEN_TTL_SECONDS = 24 * 60 * 60;
const TOKEN_TYPE = "role+jwt";

interface RoleTokenClaims {
  /** user id */
  sub: string;
  /** company id */
  cid: string;
  /** user_roles row id */
  urid: string;
  /** role_tokens row id */
  tid: string;
  /** the system administrator acting as this user, when impersonating */
  imp?: string;
}

export interface MintedRoleToken {
  jwtToken: string;
  secret: string;
  expires: Date;
  tokenId: string;
}

export async function mintRoleToken(
  db: Db,
  keys: SigningKeys,
  input: {
    userId: string;
    companyId: string;
    /**
     * The sign-in session the token is minted for (the system administrator's own when
     * impersonating): ending that session ends the token with it.
     */
    sessionHandle: string;
    impersonatorUserId?: string;
    ttlSeconds?: number;
  },
): Promise<MintedRoleToken> {
  const role = await db
    .selectFrom("userRoles")
    .select("id")
    .where("userId", "=", input.userId)
    .where("companyId", "=", input.companyId)
    .executeTakeFirst();
  if (!role) throw unauthorised("No role in that company");
  const ttl = input.ttlSeconds ?? ROLE_TOKEN_TTL_SECONDS;
  const expires = new Date(Date.now() + ttl * 1000);
  const secret = randomToken();
  const row = await db
    .insertInto("roleTokens")
    .values({
      userRoleId: role.id,
      secretHash: sha256Hex(secret),
      sessionHandle: input.sessionHandle,
      impersonatorUserId: input.impersonatorUserId ?? null,
      expires,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const claims: Record<string, string> = { cid: input.companyId, urid: role.id, tid: row.id };
  if (input.impersonatorUserId) claims.imp = input.impersonatorUserId;
  const jwtToken = await new SignJWT(claims)
    .setProtectedHeader({ alg: SIGNING_ALG, kid: keys.kid, typ: TOKEN_TYPE })
    .setSubject(input.userId)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expires.getTime() / 1000))
    .sign(keys.privateKey);
  return { jwtToken, secret, expires, tokenId: row.id };
}

export interface VerifiedRoleToken {
  tokenId: string;
  userId: string;
  companyId: string;
  userRoleId: string;
  roles: string[];
  featureFlags: Record<string, boolean>;
  impersonatorUserId: string | null;
  /** The sign-in session that issued the token. */
  sessionHandle: string;
  /** The sub-companies of the token's company (read in the same query: see principal.ts). */
  childCompanyIds: string[];
}

// A distributor's scope needs them on every data request; read with the token, they cost no round trip.
const childCompanyIds = sql<string[]>`array(
  select c.id::text from companies c where c.parent_id = ${sql.ref("userRoles.companyId")} order by c.id
)`;

/**
 * The inactivity limit of the token's session: its company's (the one setSessionCompany wrote;
 * the operator's own for an impersonation), null before one was chosen. The cast is on the
 * session's side so the company is found by its key.
 */
const sessionIdleMinutes = sql<number | null>`(
  select c.inactivity_sign_out_minutes from companies c
  where c.id = nullif(${sql.ref("sessions.payload")}->>'companyId', '')::uuid
)`;

/**
 * How far past its company's inactivity limit a session's role tokens still work. The server
 * hears of actions with the refresh and at most every 5 minutes of activity
 * (src/providers/auth/idle-watch.ts), so its last action may be up to that much behind the
 * dashboard's, whose own timer signs out at the limit; twice that keeps an active person's
 * requests clear of it while an abandoned token still stops.
 */
const ROLE_TOKEN_IDLE_SLACK_MINUTES = 10;

/** Everything a request needs to know about a role token, its session and its role, in one row. */
function tokenRowQuery(db: Db, tokenId: string) {
  return (
    db
      .selectFrom("roleTokens")
      .innerJoin("userRoles", "userRoles.id", "roleTokens.userRoleId")
      .innerJoin("users", "users.id", "userRoles.userId")
      // Joined, not looked up after: a token dies with its session (sign-out, password reset or
      // change, theft) at no extra round trip. A token without a session matches nothing.
      .innerJoin("sessions", "sessions.handle", "roleTokens.sessionHandle")
      .select([
        "roleTokens.id as tokenId",
        "roleTokens.secretHash",
        "roleTokens.expires",
        "roleTokens.revoked",
        "roleTokens.impersonatorUserId",
        "sessions.handle as sessionHandle",
        "sessions.userId as sessionUserId",
        "sessions.revoked as sessionRevoked",
        "sessions.expires as sessionExpires",
        "sessions.lastActiveAt as sessionLastActiveAt",
        sessionIdleMinutes.as("sessionIdleMinutes"),
        "userRoles.userId",
        "userRoles.companyId",
        "userRoles.id as userRoleId",
        "userRoles.types",
        "userRoles.featureFlags",
        childCompanyIds.as("childCompanyIds"),
      ])
      .where("roleTokens.id", "=", tokenId)
  );
}

/**
 * The statement of tokenRowQuery, built and compiled once per database handle and prepared
 * once per connection: it is the same on every request but for the token id, and Kysely's
 * build and compile of it, and PostgreSQL's planning of it, were a measurable share of a
 * list request's CPU in the profile.
 */
const tokenRowStatements = new WeakMap<Db, CompiledQuery<TokenRow>>();
type TokenRow = InferResult<ReturnType<typeof tokenRowQuery>>[number];

async function readTokenRow(db: Db, tokenId: string): Promise<TokenRow | undefined> {
  let statement = tokenRowStatements.get(db);
  if (!statement) {
    statement = tokenRowQuery(db, tokenId).compile();
    // The token id must be its only parameter, or reusing the statement would bind the wrong values.
    if (statement.parameters.length !== 1 || statement.parameters[0] !== tokenId) {
      throw new Error("The role-token statement must have the token id as its only parameter");
    }
    tokenRowStatements.set(db, statement);
  }
  // Marked on every call: prepared from the second one, and again should it fall out of the marks.
  markPrepared(statement.sql);
  const result = await db.executeQuery<TokenRow>({ ...statement, parameters: [tokenId] });
  return result.rows[0];
}

/** Verifies both halves of a role token; any failure is a 401 with no detail to the caller. */
export async function verifyRoleToken(
  db: Db,
  keys: SigningKeys,
  jwt: string,
  secret: string,
): Promise<VerifiedRoleToken> {
  const claims = (await verifyRoleTokenJwt(keys, jwt, TOKEN_TYPE)) as unknown as RoleTokenClaims;
  if (typeof claims.tid !== "string" || typeof claims.urid !== "string") throw unauthorised("Invalid role token");
  const row = await readTokenRow(db, claims.tid);
  const now = Date.now();
  // The role row is joined afresh on every request: a removed role stops working at once.
  if (
    !row ||
    row.revoked ||
    row.expires.getTime() <= now ||
    row.sessionRevoked ||
    row.sessionExpires.getTime() <= now ||
    idleTooLong(
      row.sessionLastActiveAt.getTime(),
      now,
      (row.sessionIdleMinutes ?? DEFAULT_INACTIVITY_SIGN_OUT_MINUTES) + ROLE_TOKEN_IDLE_SLACK_MINUTES,
    ) ||
    row.sessionUserId !== (row.impersonatorUserId ?? row.userId) ||
    row.userRoleId !== claims.urid ||
    row.userId !== claims.sub ||
    row.companyId !== claims.cid ||
    !sameHash(row.secretHash, sha256Hex(secret))
  ) {
    throw unauthorised("Invalid or expired role token");
  }
  return {
    tokenId: row.tokenId,
    userId: row.userId,
    companyId: row.companyId,
    userRoleId: row.userRoleId,
    roles: row.types,
    featureFlags: row.featureFlags ?? {},
    impersonatorUserId: row.impersonatorUserId,
    sessionHandle: row.sessionHandle,
    childCompanyIds: row.childCompanyIds,
  };
}
