import { Type } from "typebox";

/**
 * The body field of a company's creation (POST /companies, /sub-companies) that invites its
 * first administrator: spread into those bodies' properties.
 */
export const administratorEmailProperty = { administratorEmail: Type.Optional(Type.String({ maxLength: 254 })) };
