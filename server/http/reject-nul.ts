import type { FastifyRequest } from "fastify";
import { badRequest } from "../errors";

/** The path of the first string holding a NUL character, or null. */
export function nulPath(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === "string") return value.includes("\u0000") ? path : null;
  if (depth > 32 || value === null || typeof value !== "object") return null;
  for (const [key, inner] of Object.entries(value)) {
    const here = path ? `${path}.${key}` : key;
    if (key.includes("\u0000")) return here;
    const found = nulPath(inner, here, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * PostgreSQL text cannot hold the NUL character; a value carrying one would fail in
 * the database as a 500. It is refused up front as the bad input it is.
 */
export async function rejectNulCharacters(request: FastifyRequest): Promise<void> {
  for (const part of [request.params, request.query, request.body]) {
    const path = nulPath(part, "");
    if (path !== null) {
      throw badRequest("Text must not contain NUL characters", [
        { id: path || "request", error: "must not contain NUL characters" },
      ]);
    }
  }
}
