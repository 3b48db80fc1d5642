import { type Static, type TSchema, type TUnsafe, Type } from "typebox";
import { nullableString } from "./schema-types";

/** A page of any list (GET /label-reports, /users, …): its rows, the total and the cursor of the next page. */
export function pagedResponse<Item extends TSchema>(item: Item) {
  return Type.Object({
    data: Type.Array(item),
    totalDocuments: Type.Integer(),
    /** Present (true) when totalDocuments is the database's estimate, not a count. */
    totalIsEstimate: Type.Optional(Type.Literal(true)),
    after: nullableString,
  });
}

/** A page of rows of type T, as pagedResponse(T's schema) declares it. */
export type PagedList<T> = Static<ReturnType<typeof pagedResponse<TUnsafe<T>>>>;
