import AjvCompiler, { type ValidatorFactory } from "@fastify/ajv-compiler";

/**
 * Schema validation with type coercion where the input is text, and none where it is
 * JSON. A query string, a path parameter or a header is always a string, so "30" there
 * is the number 30 (and `?status=a` the array ["a"]). A JSON body carries its own types:
 * "30" for a number field is a client's mistake, answered 400 rather than guessed at.
 */

/** Ajv's options for every part; bodies get the same ones without coercion. */
export const AJV_CUSTOM_OPTIONS = {
  // Per-field messages: report every schema problem at once, not only the first.
  allErrors: true,
  removeAdditional: false,
  coerceTypes: "array",
  allowUnionTypes: true,
} as const;

/** Fastify's compilersFactory.buildValidator: the default compiler, one Ajv for bodies and one for the rest. */
export function validatorWithoutBodyCoercion(): ValidatorFactory {
  const fromPool = AjvCompiler();
  const factory = (externalSchemas: Parameters<typeof fromPool>[0], options: Parameters<typeof fromPool>[1]) => {
    const shared = options ?? {};
    const forText = fromPool(externalSchemas, shared);
    const forBody = fromPool(externalSchemas, {
      ...shared,
      mode: undefined,
      customOptions: { ...shared.customOptions, coerceTypes: false },
    });
    // The pool's functions take Fastify's route definition (its types only say `schema`).
    type Compile = (route: { schema: unknown; httpPart?: string }) => ReturnType<typeof forText>;
    const body = forBody as unknown as Compile;
    const text = forText as unknown as Compile;
    return ((route: { schema: unknown; httpPart?: string }) =>
      route.httpPart === "body" ? body(route) : text(route)) as unknown as ReturnType<typeof fromPool>;
  };
  return factory as ValidatorFactory;
}
