import type { FastifyRequest } from "fastify";
import { forbidden } from "../errors";
import { requireSession } from "./require-session";

/**
 * A credential or sign-in method changes only with the person's own sign-in session
 * (the HttpOnly access token), never with a role token alone: role tokens are
 * readable by the dashboard's scripts (the list preview cookie), and impersonation
 * tokens and API keys are not the person at all. The route still needs the fresh
 * proof (password or e-mailed code) on top.
 */
export async function requireOwnSession(request: FastifyRequest): Promise<{ userId: string; sessionHandle: string }> {
  const principal = request.principal;
  if (principal.apiKeyId) throw forbidden("An API key cannot change sign-in methods");
  if (principal.impersonatorUserId) throw forbidden("Sign-in methods cannot be changed while impersonating");
  const session = await requireSession(request);
  // The role token must come from this very session: a token of another session is another sign-in.
  if (session.sub !== principal.userId || session.sessionHandle !== principal.sessionHandle)
    throw forbidden("Sign in again to change how you sign in");
  return { userId: session.sub, sessionHandle: session.sessionHandle };
}
