/** A per-field problem, in the spec's field-error shape ({ id, error }). */
export interface FieldError {
  id: string;
  error: string;
}

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

export const badRequest = (message: string, formFields?: FieldError[]) => new HttpError(400, message, formFields);
export const unauthorised = (message = "Sign-in required") => new HttpError(401, message);
export const forbidden = (message = "You do not have permission to do this") => new HttpError(403, message);
export const notFound = (what = "Not found") => new HttpError(404, what);

/** 429: the caller should try again after retryAfterSeconds (sent as Retry-After). */
export class TooManyRequestsError extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}
