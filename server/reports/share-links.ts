import { sql } from "kysely";
import type { ShareLinkRecord } from "../../core/api/share-link";
import { randomToken, sha256Hex } from "../auth/hash";
import type { Db } from "../db/index";

/**
 * Share links (docs/api.md, share links for partners). A token is 32
 * random bytes (256 bits) in base64url; only its SHA-256 is stored, so the token is
 * shown once and a copy of the database opens nothing. SHA-256 without a salt is
 * enough here: the input is random and as long as the hash, unlike a password.
 */

/** base64url of 32 bytes: 43 characters, no padding. Anything else is not one of ours. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function newShareToken(): { token: string; tokenHash: string } {
  const token = randomToken(32);
  return { token, tokenHash: hashShareToken(token) };
}

export function hashShareToken(token: string): string {
  return sha256Hex(token);
}

export const isShareTokenShape = (token: string) => TOKEN_SHAPE.test(token);

export function shareLinkState(link: { expiresAt: Date | string; revokedAt: Date | string | null }, now = new Date()) {
  if (link.revokedAt !== null) return "revoked" as const;
  return new Date(link.expiresAt).getTime() <= now.getTime() ? ("expired" as const) : ("active" as const);
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** The links of one report, newest first, with how often and when they were last opened. */
export async function listShareLinks(db: Db, reportId: string, now = new Date()): Promise<ShareLinkRecord[]> {
  const rows = await db
    .selectFrom("shareLinks as l")
    .leftJoin("shareLinkOpens as o", "o.linkId", "l.id")
    .select([
      "l.id",
      "l.createdAt",
      "l.createdByName",
      "l.expiresAt",
      "l.revokedAt",
      sql<string>`count(o.id)`.as("opens"),
      sql<Date | string | null>`max(o.opened_at)`.as("lastOpenedAt"),
    ])
    .where("l.reportId", "=", reportId)
    .groupBy(["l.id", "l.createdAt", "l.createdByName", "l.expiresAt", "l.revokedAt"])
    .orderBy("l.createdAt", "desc")
    .orderBy("l.id", "desc")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    createdAt: iso(row.createdAt),
    createdBy: { name: row.createdByName },
    expiresAt: iso(row.expiresAt),
    revokedAt: row.revokedAt === null ? null : iso(row.revokedAt),
    state: shareLinkState(row, now),
    opens: Number(row.opens),
    lastOpenedAt: row.lastOpenedAt === null ? null : iso(row.lastOpenedAt),
  }));
}

/** A request path with any share token replaced, for logs: a logged token would open the report. */
export function maskShareToken(url: string): string {
  return url.replace(/\/share\/[^/?#]+/g, "/share/…");
}

/** Fastify's request log line without share tokens (its default fields otherwise). */
export function requestLogFields(request: {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
}) {
  return {
    method: request.method,
    url: maskShareToken(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
