import type { FastifyRequest } from "fastify";
import { forbidden } from "../errors";

/** How a refusal names what was to be signed. */
interface SignatureWording {
  /** "a disposition is": completes "An API key cannot sign: … a person's signature". */
  what: string;
  /** "A disposition cannot be signed": said to someone impersonating. */
  whileImpersonating: string;
}

/**
 * A signature is the person's own act: never support acting as them, never an integration.
 * A route's preValidation, so the refusal comes before the input is looked at; the fresh
 * proof (password or e-mailed code) is the route's to ask for.
 */
export function onlyThePersonSigns(wording: SignatureWording) {
  return async (request: FastifyRequest) => {
    if (request.principal.apiKeyId) throw forbidden(`An API key cannot sign: ${wording.what} a person's signature`);
    if (request.principal.impersonatorUserId) throw forbidden(`${wording.whileImpersonating} while impersonating`);
  };
}
