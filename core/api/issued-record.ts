import { type Static, Type } from "typebox";
import { SHA256_HEX } from "./schema-types";

/** A content hash the server issued (GET /records/{contentHash}), as /verify checks a record with it. */
export const issuedRecordParams = Type.Object({ contentHash: Type.String({ pattern: SHA256_HEX }) });

export const issuedRecord = Type.Object({
  contentHash: Type.String({ pattern: SHA256_HEX }),
  reportId: Type.String(),
  labelId: Type.String(),
  issuedAt: Type.String({ format: "date-time", description: "When the server first issued a record with this hash" }),
  current: Type.Boolean({ description: "Whether it is the report's record now; false: the record changed since" }),
  contentSignature: Type.String({
    description: "The server's signature of the hash: a compact JWS (ES256); keys at /.well-known/jwks.json",
  }),
});

export type IssuedRecord = Static<typeof issuedRecord>;
