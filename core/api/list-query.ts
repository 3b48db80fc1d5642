import { Type } from "typebox";

/** The query of every list route: filters, order and paging in the list grammar (core/domain/list-query.ts). */
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
