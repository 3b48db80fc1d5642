import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { NOT_YEAR_ZERO } from "../../src/domain/api/schema-types";
import { ListQueryError } from "../../src/domain/list-query";
import { PLAIN_TEXT_ERRORS } from "../../src/domain/plain-text";
import { type FieldError, HttpError, TooManyRequests } from "../errors";

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

// Errors from the database connection itself (not from a query's data): the database is away.
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "57P01",
  "57P02",
  "57P03",
  "08000",
  "08003",
  "08006",
]);

/** The largest request body the server reads (app.ts passes it to Fastify). */
export const BODY_LIMIT_BYTES = 1024 * 1024;

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
  const code = (error as { code?: string }).code;
  if (code && UNAVAILABLE_CODES.has(code)) {
    request.log.error({ err: error }, "database unavailable");
    return reply.code(503).send({ statusCode: 503, message: "The database is unavailable. Please try again shortly." });
  }
  if (code === "FST_ERR_CTP_BODY_TOO_LARGE") {
    request.log.info({ status: 413 }, "request body too large");
    const limit = `${BODY_LIMIT_BYTES / (1024 * 1024)} MB`;
    return reply.code(413).send({ statusCode: 413, message: `The request body is larger than the ${limit} limit` });
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
