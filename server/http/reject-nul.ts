import type { FastifyRequest } from "fastify";
import { badRequest } from "../errors";

/**
 * A UTF-16 surrogate without its other half (`"\ud800"` in JSON): not a character at
 * all. PostgreSQL refuses it in jsonb (every audit entry is jsonb) and the text encoder
 * silently turns it into U+FFFD elsewhere, so the same input was a 500 in one place and
 * quietly changed in another.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

type Problem = "nul" | "surrogate";

function problemOf(text: string): Problem | null {
  if (text.includes("\u0000")) return "nul";
  return LONE_SURROGATE.test(text) ? "surrogate" : null;
}

/** The path and problem of the first string (or key) PostgreSQL cannot store, or null. */
export function unstorable(value: unknown, path: string, depth = 0): { path: string; problem: Problem } | null {
  if (typeof value === "string") {
    const problem = problemOf(value);
    return problem ? { path, problem } : null;
  }
  if (depth > 32 || value === null || typeof value !== "object") return null;
  for (const [key, inner] of Object.entries(value)) {
    const here = path ? `${path}.${key}` : key;
    const keyProblem = problemOf(key);
    if (keyProblem) return { path: here, problem: keyProblem };
    const found = unstorable(inner, here, depth + 1);
    if (found) return found;
  }
  return null;
}

export const UNSTORABLE_MESSAGES: Record<Problem, { message: string; error: string }> = {
  nul: { message: "Text must not contain NUL characters", error: "must not contain NUL characters" },
  surrogate: {
    message: "Text must be valid Unicode",
    error: "must be valid Unicode text (a \\ud800–\\udfff escape without its pair is not a character)",
  },
};

/**
 * PostgreSQL text cannot hold the NUL character, nor jsonb a lone surrogate; a value
 * carrying one would fail in the database as a 500. It is refused up front as the bad
 * input it is, naming the field.
 */
export async function rejectNulCharacters(request: FastifyRequest): Promise<void> {
  for (const part of [request.params, request.query, request.body]) {
    const found = unstorable(part, "");
    if (found !== null) {
      const { message, error } = UNSTORABLE_MESSAGES[found.problem];
      throw badRequest(message, [{ id: found.path || "request", error }]);
    }
  }
}
