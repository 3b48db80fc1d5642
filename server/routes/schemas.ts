// Schemas shared by routes: TypeBox values are plain JSON Schema (Fastify's Ajv validates
// them, @fastify/swagger documents them) and also give the handlers their static types.
import { Type } from "typebox";
import { errorAnswer } from "../../core/api/error-answer";

// The helpers moved to core/api so the dashboard's types come from the same schemas;
// re-exported so that routes keep one import line for every schema piece.
export {
  dateTime,
  Nullable,
  NullableObject,
  nullableDateTime,
  nullableString,
  PlainText,
  StringEnum,
} from "../../core/api/schema-types";

export const listQuerystring = Type.Object(
  {
    filter: Type.Optional(
      Type.String({ maxLength: 4000, description: "key[op]value,… (docs/api.md: List query grammar)" }),
    ),
    order: Type.Optional(Type.String({ maxLength: 200, description: "key[asc|desc],…" })),
    pageNumber: Type.Optional(Type.String({ pattern: "^[0-9]{1,9}$", description: "1-based page number" })),
    pageSize: Type.Optional(Type.String({ pattern: "^[0-9]{1,5}$" })),
    after: Type.Optional(Type.String({ maxLength: 2000, description: "cursor from the previous page's `after`" })),
  },
  { additionalProperties: false },
);

export const idParams = Type.Object({ id: Type.String({ format: "uuid" }) }, { additionalProperties: false });

/** The standard error answers of a data route, for the OpenAPI document. */
export const dataErrors = { 400: errorAnswer, 401: errorAnswer, 403: errorAnswer, 404: errorAnswer };
