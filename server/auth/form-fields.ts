import type { FormFieldInput } from "../../core/api/email-password";
import type { FieldError } from "../../core/api/error-answer";
import { hasControlCharacters } from "../../core/domain/plain-text";
import { badRequest } from "../errors";

/** Reads the named fields as trimmed strings; a missing one is the protocol's "Field is not optional". */
export function readFields(
  fields: FormFieldInput[],
  ids: string[],
  optional: string[] = [],
): {
  values: Record<string, string>;
  errors: FieldError[];
} {
  const values: Record<string, string> = {};
  const errors: FieldError[] = [];
  for (const id of [...ids, ...optional]) {
    const field = fields.find((f) => f.id === id);
    if (field === undefined || field.value === undefined || field.value === null || field.value === "") {
      if (ids.includes(id)) errors.push({ id, error: "Field is not optional" });
      continue;
    }
    if (typeof field.value !== "string")
      throw badRequest(`${id} must be a string`, [{ id, error: "must be a string" }]);
    if (field.value.length > 1000) {
      errors.push({ id, error: "is too long" });
      continue;
    }
    // A name or an e-mail is one line (core/domain/plain-text.ts); a password is taken as typed.
    if (id !== "password" && hasControlCharacters(field.value)) {
      errors.push({ id, error: "must not contain line breaks or other control characters" });
      continue;
    }
    // Passwords are taken as typed; everything else is trimmed (the protocol trims e-mails).
    values[id] = id === "password" ? field.value : field.value.trim();
  }
  return { values, errors };
}
