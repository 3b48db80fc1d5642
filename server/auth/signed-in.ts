import type { FastifyReply, FastifyRequest } from "fastify";
import type { SignedInAnswer } from "../../core/api/signed-in";
import { findUserById } from "../db/users";
import { protocolUser, rolesOf } from "./accounts";
import { rememberDevice } from "./known-device";
import { createSession } from "./sessions";
import { attachTokens, transferMethodOf } from "./transfer";

/** Starts a session for a user who just proved who they are, and answers with the user and their roles. */
export async function signedIn(
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  extra: Pick<SignedInAnswer, "createdNewRecipeUser"> = {},
  recipe: "emailpassword" | "passwordless" | "thirdparty" = "emailpassword",
) {
  const { db, keys, settings } = request.server;
  const user = await findUserById(db, userId);
  if (!user) throw new Error(`User ${userId} vanished during sign-in`);
  const tokens = await createSession(db, keys, { userId }, settings.sessionSettings);
  attachTokens(request, reply, tokens, transferMethodOf(request), settings.secureCookies);
  await rememberDevice(request, reply, userId);
  const answer: SignedInAnswer = {
    status: "OK",
    ...extra,
    user: protocolUser(user, recipe),
    roles: await rolesOf(db, user),
  };
  return reply.send(answer);
}
