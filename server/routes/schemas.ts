// JSON schemas shared by routes; they validate input and document the API (OpenAPI).

export const listQuerystring = {
  type: "object",
  additionalProperties: false,
  properties: {
    filter: { type: "string", maxLength: 4000, description: "key[op]value,… (see README: list query grammar)" },
    order: { type: "string", maxLength: 200, description: "key[asc|desc],…" },
    pageNumber: { type: "string", pattern: "^[0-9]{1,9}$", description: "1-based page number" },
    pageSize: { type: "string", pattern: "^[0-9]{1,5}$" },
    after: { type: "string", maxLength: 2000, description: "cursor from the previous page's `after`" },
  },
} as const;

export const idParams = {
  type: "object",
  required: ["id"],
  additionalProperties: false,
  properties: { id: { type: "string", format: "uuid" } },
} as const;

export const errorResponse = {
  type: "object",
  properties: {
    statusCode: { type: "integer" },
    message: { type: "string" },
    formFields: {
      type: "array",
      items: { type: "object", properties: { id: { type: "string" }, error: { type: "string" } } },
    },
  },
} as const;

export const nullableString = { type: ["string", "null"] } as const;
export const dateTime = { type: "string", format: "date-time" } as const;
export const nullableDateTime = { type: ["string", "null"], format: "date-time" } as const;

export function pagedResponse(item: object) {
  return {
    type: "object",
    required: ["data", "totalDocuments", "after"],
    properties: {
      data: { type: "array", items: item },
      totalDocuments: { type: "integer" },
      totalIsEstimate: { type: "boolean", const: true },
      after: nullableString,
    },
  } as const;
}

/** The standard error answers of a data route, for the OpenAPI document. */
export const dataErrors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
