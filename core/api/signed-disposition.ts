import { type Static, Type } from "typebox";
import { DISPOSITIONS } from "../domain/disposition";
import { StringEnum } from "./schema-types";

/** A signed QA disposition as the API answers with it (core/domain/disposition.ts says what one is). */
export const signedDispositionRecord = Type.Object({
  value: StringEnum(DISPOSITIONS),
  comment: Type.String(),
  meaning: Type.String({ description: "What the signature means, e.g. 'Released for sale'" }),
  signedBy: Type.Object(
    { id: Type.String(), name: Type.String(), email: Type.String() },
    { description: "The signer's id, printed name and address as they were when signing" },
  ),
  signedAt: Type.String({ format: "date-time", description: "UTC" }),
});

/** A signature asked for (POST /label-reports/{id}/disposition): the password, or a code e-mailed for signing. */
export const dispositionInput = Type.Object(
  {
    disposition: StringEnum(DISPOSITIONS),
    comment: Type.Optional(Type.String({ maxLength: 1000 })),
    password: Type.Optional(Type.String({ maxLength: 200 })),
    code: Type.Optional(Type.String({ maxLength: 20 })),
  },
  { additionalProperties: false },
);

export type DispositionInput = Static<typeof dispositionInput>;
