import type { FormInstance } from "antd";
import { readableError } from "@/providers/readable-error";

/**
 * A failed save, as the server's per-field messages on the form's fields, each under its own
 * field. Whether any was shown: if none, the caller says what went wrong elsewhere.
 */
export function showFieldErrors<T>(form: FormInstance<T>, error: unknown, known: readonly string[]): boolean {
  const errors = (error as { errors?: Record<string, string> } | null)?.errors ?? {};
  const fields = Object.entries(errors)
    .map(([id, message]) => ({
      name: known.find((k) => id === k || id.startsWith(`${k}/`) || id.startsWith(`/${k}`)),
      message,
    }))
    .filter((f): f is { name: string; message: string } => f.name !== undefined);
  if (fields.length) form.setFields(fields.map((f) => ({ name: f.name as never, errors: [f.message] })));
  return fields.length > 0;
}

/** The sentence a snackbar shows for a failed request. */
export const failureText = (error: unknown) => readableError(error as { message?: string; body?: unknown });
