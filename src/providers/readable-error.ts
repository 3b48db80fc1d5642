/**
 * How a failed request reads to people. Apart from the data provider because the
 * snackbars use it on every page, the sign-in page too, which needs none of the
 * data provider's code.
 */

export const FALLBACK_ERROR_MESSAGE = "Something went wrong";

/** The text as JSON, or null when it is not. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** A sentence for people: the server's `message` when the text is its JSON error, else the text. */
export function readableError(error: { message?: string; body?: unknown } | null | undefined): string {
  const body = error?.body ?? (error?.message ? parseJson(error.message) : null);
  const message = (body as { message?: unknown } | null)?.message;
  return typeof message === "string" && message ? message : (error?.message ?? FALLBACK_ERROR_MESSAGE);
}
