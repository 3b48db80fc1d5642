import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import type { FieldError } from "../../core/api/error-answer";
import { NOT_YEAR_ZERO } from "../../core/api/schema-types";
import { ListQueryError } from "../../core/domain/list-query";
import { PLAIN_TEXT_ERRORS } from "../../core/domain/plain-text";
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from "../db/unavailable";
import { HttpError, TooManyRequests } from "../errors";

interface ValidationItem {
  keyword?: string;
  instancePath?: string;
  params?: Record<string, unknown>;
  message?: string;
}

/** Turns one Ajv problem into the field it is about and a sentence a person can read. */
function fieldOf(context: string | undefined, item: ValidationItem): FieldError {
  const path = (item.instancePath ?? "").replace(/^\//, "").replace(/\//g, ".");
  const missing = item.params?.missingProperty;
  const extra = item.params?.additionalProperty;
  const allowed = item.params?.allowedValues;
  const id = [path, typeof missing === "string" ? missing : typeof extra === "string" ? extra : ""]
    .filter(Boolean)
    .join(".");
  let error = item.message ?? "is invalid";
  if (typeof missing === "string") error = "Enter a value";
  else if (typeof extra === "string") error = "Unknown field";
  else if (Array.isArray(allowed)) error = `must be one of ${allowed.join(", ")}`;
  else if (item.params?.pattern === NOT_YEAR_ZERO) error = "must be a date from year 0001 on";
  else if (item.keyword === "pattern" && typeof item.params?.pattern === "string")
    error = (Object.hasOwn(PLAIN_TEXT_ERRORS, item.params.pattern) && PLAIN_TEXT_ERRORS[item.params.pattern]) || error;
  return { id: id || context || "request", error };
}

/** The largest request body the server reads (app.ts passes it to Fastify). */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/** The 503 of a request the database could not answer: the client may send it again after Retry-After. */
export function sendDatabaseUnavailable(reply: FastifyReply, extra: Record<string, unknown> = {}) {
  return reply
    .code(503)
    .header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS))
    .send({ statusCode: 503, message: DATABASE_UNAVAILABLE_MESSAGE, ...extra });
}

/** A body limit as people write it: "1 MB", "512 KB", "100 bytes". */
function sizeText(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (Number.isInteger(mb)) return `${mb} MB`;
  const kb = bytes / 1024;
  if (Number.isInteger(kb)) return `${kb} KB`;
  return `${bytes} bytes`;
}

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) {
    if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
    else request.log.info({ status: error.statusCode, reason: error.message }, "request refused");
    const body: Record<string, unknown> = { statusCode: error.statusCode, message: error.message };
    if (error.formFields) body.formFields = error.formFields;
    if (error instanceof TooManyRequests) reply.header("retry-after", String(error.retryAfterSeconds));
    return reply.code(error.statusCode).send(body);
  }
  if (error instanceof ListQueryError) {
    request.log.info({ fields: error.fields }, "bad list query");
    return reply.code(400).send({ statusCode: 400, message: error.message, formFields: error.fields });
  }
  if (error.validation) {
    const formFields = error.validation.map((item) => fieldOf(error.validationContext, item as ValidationItem));
    request.log.info({ fields: formFields }, "request failed validation");
    const message = formFields.map((f) => `${f.id}: ${f.error}`).join("; ");
    return reply.code(400).send({ statusCode: 400, message, formFields });
  }
  if (isDatabaseUnavailable(error)) {
    // One line, not a stack per request: an outage answers hundreds of them.
    request.log.warn({ reason: error.message }, "database unavailable");
    return sendDatabaseUnavailable(reply);
  }
  const code = (error as { code?: string }).code;
  if (code === "FST_ERR_CTP_BODY_TOO_LARGE") {
    // The route's own limit (readings and EPCIS captures take more than the server's default).
    const limitBytes = request.routeOptions.bodyLimit ?? BODY_LIMIT_BYTES;
    request.log.info({ status: 413, limitBytes }, "request body too large");
    return reply
      .code(413)
      .send({ statusCode: 413, message: `The request body is larger than the ${sizeText(limitBytes)} limit` });
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    // Fastify's own client errors (body too large, bad JSON, unsupported media type).
    request.log.info({ status: error.statusCode, reason: error.message }, "request refused");
    return reply.code(error.statusCode).send({ statusCode: error.statusCode, message: error.message });
  }
  request.log.error({ err: error }, "unexpected error");
  // Never a stack trace or SQL to the caller.
  return reply.code(500).send({ statusCode: 500, message: "Internal Server Error" });
}
