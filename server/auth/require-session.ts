import type { FastifyRequest } from "fastify";
import { HttpError } from "../errors";
import { type AccessTokenPayload, verifyAccessToken } from "./sessions";
import { readAccessToken, SESSION_EXPIRED_STATUS } from "./transfer";

/** The caller's session, or a 440 that makes the SDK refresh (and sign out when that fails too). */
export async function requireSession(request: FastifyRequest): Promise<AccessTokenPayload> {
  const { db, keys } = request.server;
  const check = await verifyAccessToken(db, keys, readAccessToken(request));
  if (!check.ok) throw new HttpError(SESSION_EXPIRED_STATUS, "try refresh token");
  return check.payload;
}
