import { randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import { SIGNING_ALG } from "./keys";
import { AUTH_BASE_PATH } from "./transfer";

/**
 * A browser that signed in before keeps a long-lived, signed marker naming the person
 * and the device. Sign-in attempts for that person from that device are throttled on
 * their own, so strangers' failures elsewhere cannot lock the owner out. Stateless: it
 * grants nothing but its own throttle bucket, so there is nothing to revoke.
 */

const KNOWN_DEVICE_COOKIE = "sKnownDevice";
const TOKEN_TYPE = "device+jwt";
const LIFETIME_SECONDS = 365 * 24 * 3600;

/** The device's id when the request carries a valid marker for this user, else null. */
export async function knownDeviceOf(request: FastifyRequest, userId: string | undefined): Promise<string | null> {
  const token = request.cookies[KNOWN_DEVICE_COOKIE];
  if (!token || !userId) return null;
  try {
    const { payload } = await jwtVerify(token, request.server.keys.resolve, {
      algorithms: [SIGNING_ALG],
      typ: TOKEN_TYPE,
    });
    return payload.sub === userId && typeof payload.jti === "string" ? payload.jti : null;
  } catch (e) {
    if (e instanceof joseErrors.JOSEError) return null;
    throw e;
  }
}

/** Marks the browser as this user's known device (keeping its id when it already was one). */
export async function rememberDevice(request: FastifyRequest, reply: FastifyReply, userId: string): Promise<void> {
  const { keys, settings } = request.server;
  const deviceId = (await knownDeviceOf(request, userId)) ?? randomBytes(16).toString("base64url");
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: SIGNING_ALG, kid: keys.kid, typ: TOKEN_TYPE })
    .setSubject(userId)
    .setJti(deviceId)
    .setIssuedAt()
    .setExpirationTime(`${LIFETIME_SECONDS}s`)
    .sign(keys.privateKey);
  reply.setCookie(KNOWN_DEVICE_COOKIE, token, {
    path: AUTH_BASE_PATH,
    httpOnly: true,
    sameSite: "lax",
    secure: settings.secureCookies || request.protocol === "https",
    maxAge: LIFETIME_SECONDS,
  });
}
