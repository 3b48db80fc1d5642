import type { FastifyRequest } from "fastify";
import { badRequest } from "../errors";

/** Keys that name an object's prototype machinery: never data, whatever the route. */
const FORBIDDEN_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/**
 * A report's custom field values are keyed by field keys, which come from field names:
 * a field named "Constructor" has the key `constructor` and takes values like any
 * other (every reader looks keys up as own properties, core/domain/custom-fields.ts).
 * `__proto__` never is a field key (customFieldKey keeps letters and digits only).
 */
const FIELD_KEY_MAPS = new Set(["customFields"]);
const ALLOWED_FIELD_KEYS = new Set(["constructor", "prototype"]);

/** The path of the first forbidden key in a parsed body or query, or null. */
export function forbiddenKeyPath(value: unknown, path: string, depth = 0): string | null {
  if (depth > 32 || value === null || typeof value !== "object") return null;
  for (const [key, inner] of Object.entries(value)) {
    const here = path ? `${path}.${key}` : key;
    if (FORBIDDEN_KEYS.has(key) && !(FIELD_KEY_MAPS.has(path) && ALLOWED_FIELD_KEYS.has(key))) return here;
    const found = forbiddenKeyPath(inner, here, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * A body such as `{"customFields":{"constructor":…}}` would otherwise be stored as a
 * custom field and later merged into objects by code that trusts its keys. The JSON
 * parser already refuses `__proto__` and `constructor.prototype`; this refuses the
 * rest, anywhere in the query or the body, as a 400 naming the key.
 */
export async function rejectPrototypeKeys(request: FastifyRequest): Promise<void> {
  for (const part of [request.query, request.body]) {
    const path = forbiddenKeyPath(part, "");
    if (path !== null)
      throw badRequest(`${path}: is not an allowed key`, [{ id: path, error: "is not an allowed key" }]);
  }
}
