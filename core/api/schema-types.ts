// Building blocks of the API's TypeBox schemas, shared by the server (which validates and
// serialises with them) and the dashboard (which imports only the types they produce).
import { type Static, type TBoolean, type TInteger, type TNumber, type TObject, type TString, Type } from "typebox";
import { NON_BLANK_PLAIN_TEXT_PATTERN, PLAIN_TEXT_PATTERN } from "../domain/plain-text";

/**
 * `type: [T, "null"]`, kept as one type array rather than TypeBox's anyOf, so Ajv's
 * per-field message stays "must be string,null" as clients have always seen it.
 */
export function Nullable<T extends TString | TNumber | TInteger | TBoolean>(schema: T) {
  return Type.Unsafe<Static<T> | null>({ ...schema, type: [schema.type, "null"] });
}

/** `type: ["object", "null"]`: a body that may be left out or sent as null, kept as one type array like Nullable. */
export function NullableObject<T extends TObject>(schema: T) {
  return Type.Unsafe<Static<T> | null>({ ...schema, type: ["object", "null"] });
}

/** `{ type: "string", enum }`, typed as the union of its values (Type.Enum would drop `type`, and with it Ajv's type message). */
export function StringEnum<const T extends readonly string[]>(values: T, options: Record<string, unknown> = {}) {
  return Type.Unsafe<T[number]>({ type: "string", enum: [...values], ...options });
}

export const nullableString = Nullable(Type.String());

/** A SHA-256 (a content hash) as the API writes it: 64 lowercase hex digits. */
export const SHA256_HEX = "^[0-9a-f]{64}$";
/** On the wire a timestamp is an ISO 8601 string; the server's rows hold a Date that the serializer turns into one. */
/**
 * Refuses year 0000 in a date-time: ISO 8601 and JavaScript have it (1 BC), PostgreSQL
 * does not (1 BC is followed by AD 1), so such a time failed in the database as a 500.
 * The error handler words its message (server/http/error-handler.ts).
 */
export const NOT_YEAR_ZERO = "^(?!0000)";
export const dateTime = Type.String({ format: "date-time", pattern: NOT_YEAR_ZERO });
export const nullableDateTime = Nullable(Type.String({ format: "date-time", pattern: NOT_YEAR_ZERO }));

/**
 * One line of text a person types (a name, a reference): bounded, without control
 * characters (core/domain/plain-text.ts); `nonBlank` also refuses only spaces.
 */
export function PlainText(options: {
  maxLength: number;
  minLength?: number;
  nonBlank?: boolean;
  description?: string;
}) {
  const { nonBlank, ...rest } = options;
  return Type.String({ ...rest, pattern: nonBlank ? NON_BLANK_PLAIN_TEXT_PATTERN : PLAIN_TEXT_PATTERN });
}
