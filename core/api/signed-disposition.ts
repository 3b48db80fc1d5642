import { type Static, Type } from "typebox";
import { DISPOSITIONS, SUPERSEDING_CHANGES } from "../domain/disposition";
import { OVERALL_VERDICTS } from "../domain/report-summary";
import { Nullable, SHA256_HEX, StringEnum } from "./schema-types";

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
  contentHash: Type.Union([Type.String({ pattern: SHA256_HEX }), Type.Null()], {
    description:
      "The record's content hash as signed (the record without a disposition); null for signatures made before signatures kept it",
  }),
  verdict: Type.Union([StringEnum(OVERALL_VERDICTS), Type.Null()], {
    description: "The report's verdict the signer saw; null for signatures made before signatures kept it",
  }),
  supersededAt: Nullable(
    Type.String({
      format: "date-time",
      description: "When a change to the signed record ended this signature's standing",
    }),
  ),
  supersededBy: Type.Union([StringEnum(SUPERSEDING_CHANGES), Type.Null()], {
    description: "What changed the signed record: readings, trim or archive",
  }),
  deviation: Type.Optional(
    Type.Union([Type.Object({ id: Type.String(), number: Type.String() }), Type.Null()], {
      description: "The closed deviation the signer named, releasing a report that had open alarms or deviations",
    }),
  ),
});

/** A signature asked for (POST /label-reports/{id}/disposition): the password, or a code e-mailed for signing. */
export const dispositionInput = Type.Object(
  {
    disposition: StringEnum(DISPOSITIONS),
    comment: Type.Optional(Type.String({ maxLength: 1000 })),
    password: Type.Optional(Type.String({ maxLength: 200 })),
    code: Type.Optional(Type.String({ maxLength: 20 })),
    deviationId: Type.Optional(
      Type.String({
        format: "uuid",
        description: "A closed deviation of the report: releases it although alarms or deviations of it are still open",
      }),
    ),
  },
  { additionalProperties: false },
);

export type DispositionInput = Static<typeof dispositionInput>;

/** A code asked for to sign (POST /label-reports/{id}/disposition/email-code): it signs this disposition of this report only. */
export const signingCodeInput = Type.Object({ disposition: StringEnum(DISPOSITIONS) }, { additionalProperties: false });

export type SigningCodeInput = Static<typeof signingCodeInput>;
