import { type Static, Type } from "typebox";

/** One problem with one field of a request ({ id, error }): ids are dotted paths, e.g. `billing.vatNumber`. */
const fieldErrorRecord = Type.Object({ id: Type.String(), error: Type.String() });

/**
 * Every refusal the API answers with (4xx): its status, a sentence, and for a 400 the
 * problems per field. Nothing is required, so that every refusal, whatever it carries,
 * is written as it was raised.
 */
export const errorAnswer = Type.Object({
  statusCode: Type.Optional(Type.Integer()),
  message: Type.Optional(Type.String()),
  formFields: Type.Optional(Type.Array(fieldErrorRecord)),
});

export type FieldError = Static<typeof fieldErrorRecord>;
export type ErrorAnswer = Static<typeof errorAnswer>;
