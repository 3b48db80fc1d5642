import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { findUserById } from "../db/users";
import { HttpError } from "../errors";
import { protocolUser, rolesOf } from "./accounts";
import { rememberDevice } from "./known-device";
import { mintRoleToken } from "./role-tokens";
import { type AccessTokenPayload, createSession, refreshSession, revokeSession, verifyAccessToken } from "./sessions";
import {
  attachTokens,
  clearTokens,
  readAccessToken,
  readRefreshToken,
  SESSION_EXPIRED_STATUS,
  transferMethodOf,
} from "./transfer";

/** The caller's session, or a 440 that makes the SDK refresh (and sign out when that fails too). */
export async function requireSession(request: FastifyRequest): Promise<AccessTokenPayload> {
  const { db, keys } = request.server;
  const check = await verifyAccessToken(db, keys, readAccessToken(request));
  if (!check.ok) throw new HttpError(SESSION_EXPIRED_STATUS, "try refresh token");
  return check.payload;
}

/** Starts a session for a user who just proved who they are, and answers with the user and their roles. */
export async function signedIn(
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  extra: Record<string, unknown> = {},
  recipe: "emailpassword" | "passwordless" | "thirdparty" = "emailpassword",
) {
  const { db, keys, settings } = request.server;
  const user = await findUserById(db, userId);
  if (!user) throw new Error(`User ${userId} vanished during sign-in`);
  const tokens = await createSession(db, keys, { userId }, settings.sessionSettings);
  attachTokens(request, reply, tokens, transferMethodOf(request), settings.secureCookies);
  await rememberDevice(request, reply, userId);
  return reply.send({
    status: "OK",
    ...extra,
    user: protocolUser(user, recipe),
    roles: await rolesOf(db, user),
  });
}

export const sessionRoutes: FastifyPluginAsync = async (app) => {
  const { db, keys, settings } = app;
  app.post(
    "/session/refresh",
    {
      schema: {
        tags: ["auth"],
        summary: "Rotate the refresh token; answers a new role token for the session's company",
      },
    },
    async (request, reply) => {
      const outcome = await refreshSession(db, keys, readRefreshToken(request), settings.sessionSettings);
      if (!outcome.ok) {
        request.log.info({ reason: outcome.reason }, "session refresh refused");
        clearTokens(reply);
        const message = outcome.reason === "theft" ? "token theft detected" : "unauthorised";
        return reply.code(SESSION_EXPIRED_STATUS).send({ message });
      }
      attachTokens(request, reply, outcome.tokens, transferMethodOf(request), settings.secureCookies);
      const user = await findUserById(db, outcome.userId);
      const body: Record<string, unknown> = { status: "OK", roles: user ? await rolesOf(db, user) : [] };
      // Spec section 4: after a refresh the dashboard stores roles, secret and JWT; no jwtToken signs it out.
      if (outcome.companyId) {
        try {
          const token = await mintRoleToken(db, keys, {
            userId: outcome.userId,
            companyId: outcome.companyId,
            sessionHandle: outcome.handle,
          });
          body.jwtToken = token.jwtToken;
          body.secret = token.secret;
        } catch (e) {
          if (!(e instanceof HttpError)) throw e;
          request.log.info({ companyId: outcome.companyId }, "role in the session's company is gone");
        }
      }
      return reply.send(body);
    },
  );

  app.post("/signout", { schema: { tags: ["auth"], summary: "End the session" } }, async (request, reply) => {
    const session = await requireSession(request);
    await revokeSession(db, session.sessionHandle);
    clearTokens(reply);
    return reply.send({ status: "OK" });
  });

  app.get(
    "/jwt/jwks.json",
    { schema: { tags: ["auth"], summary: "Public keys of every token this server signs" } },
    async () => {
      return keys.jwks;
    },
  );
};
