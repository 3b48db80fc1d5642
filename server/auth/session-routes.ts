import type { FastifyPluginAsync } from "fastify";
import { errorAnswer } from "../../core/api/error-answer";
import { type SessionRefreshAnswer, sessionRefreshAnswer } from "../../core/api/role-token";
import { sessionActivityAnswer } from "../../core/api/session-activity";
import { statusAnswer } from "../../core/api/status-answer";
import { LAST_ACTIVITY_HEADER, parseLastActivity } from "../../core/domain/session-inactivity";
import { findUserById } from "../db/users";
import { HttpError } from "../errors";
import { rolesOf } from "./accounts";
import { requireSession } from "./require-session";
import { mintRoleToken } from "./role-tokens";
import { recordSessionActivity, refreshSession, revokeSession } from "./sessions";
import { attachTokens, clearTokens, readRefreshToken, SESSION_EXPIRED_STATUS, transferMethodOf } from "./transfer";

export const sessionRoutes: FastifyPluginAsync = async (app) => {
  const { db, keys, settings } = app;
  app.post(
    "/session/refresh",
    {
      schema: {
        tags: ["auth"],
        summary:
          "Rotate the refresh token; answers a new role token for the session's company. The `last-activity` header (ms since the epoch) reports the last user action; the refresh is refused (440) past the session's absolute lifetime or after the company's inactivity limit without one",
        response: { 200: sessionRefreshAnswer, [SESSION_EXPIRED_STATUS]: errorAnswer },
      },
    },
    async (request, reply) => {
      const outcome = await refreshSession(
        db,
        keys,
        readRefreshToken(request),
        settings.sessionSettings,
        parseLastActivity(request.headers[LAST_ACTIVITY_HEADER]),
      );
      if (!outcome.ok) {
        request.log.info({ reason: outcome.reason }, "session refresh refused");
        clearTokens(reply);
        const message = outcome.reason === "theft" ? "token theft detected" : "unauthorised";
        return reply.code(SESSION_EXPIRED_STATUS).send({ message });
      }
      attachTokens(request, reply, outcome.tokens, transferMethodOf(request), settings.secureCookies);
      const user = await findUserById(db, outcome.userId);
      const body: SessionRefreshAnswer = { status: "OK", roles: user ? await rolesOf(db, user) : [] };
      // After a refresh the dashboard stores roles, secret and JWT; no jwtToken signs it out.
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

  app.post(
    "/session/activity",
    {
      schema: {
        tags: ["auth"],
        summary:
          "Report the last user action (`last-activity` header, ms since the epoch; later than now counts as now) and learn the session's inactivity limit and absolute end",
        response: { 200: sessionActivityAnswer, [SESSION_EXPIRED_STATUS]: errorAnswer },
      },
    },
    async (request, reply) => {
      const session = await requireSession(request);
      const claimed = parseLastActivity(request.headers[LAST_ACTIVITY_HEADER]);
      const activity = await recordSessionActivity(db, session.sessionHandle, claimed, settings.sessionSettings);
      if (!activity) return reply.code(SESSION_EXPIRED_STATUS).send({ message: "try refresh token" });
      return reply.send(activity);
    },
  );

  app.post(
    "/signout",
    { schema: { tags: ["auth"], summary: "End the session", response: { 200: statusAnswer } } },
    async (request, reply) => {
      const session = await requireSession(request);
      await revokeSession(db, session.sessionHandle);
      clearTokens(reply);
      return reply.send({ status: "OK" });
    },
  );

  app.get(
    "/jwt/jwks.json",
    { schema: { tags: ["auth"], summary: "Public keys of every token this server signs" } },
    async () => {
      return keys.jwks;
    },
  );
};
