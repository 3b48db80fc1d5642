import type { FieldError } from "../core/api/error-answer";

/** An error with an HTTP status the error handler answers with as it is. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly formFields?: FieldError[],
  ) {
    super(message);
    this.name = "HttpError";
  }
}

/** A 429; the error handler sends Retry-After with it. */
export class TooManyRequests extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}

export const badRequest = (message: string, formFields?: FieldError[]) => new HttpError(400, message, formFields);
export const unauthorised = (message = "Sign-in required") => new HttpError(401, message);
export const forbidden = (message = "You do not have permission to do this") => new HttpError(403, message);
export const notFound = (what = "Not found") => new HttpError(404, what);
