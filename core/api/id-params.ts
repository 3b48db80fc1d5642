import { Type } from "typebox";

/** The record a route under …/{id} is about: a uuid, or 400. */
export const idParams = Type.Object({ id: Type.String({ format: "uuid" }) }, { additionalProperties: false });
