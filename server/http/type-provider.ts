import type { FastifyTypeProvider } from "fastify";
import type { Static, TSchema } from "typebox";

/**
 * @fastify/type-provider-typebox's TypeBoxTypeProvider, for what a handler reads only:
 * params, querystring, body and headers get their types from the route's TypeBox schemas.
 * Answers are deliberately not typed from the response schemas: those describe the JSON on
 * the wire (a date is a `date-time` string), while handlers return database rows (a Date)
 * that Fastify's serializer turns into it.
 */
export interface TypedRequests extends FastifyTypeProvider {
  validator: this["schema"] extends TSchema ? Static<this["schema"]> : unknown;
  serializer: unknown;
}
