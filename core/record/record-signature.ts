/**
 * The server's signature of a record (docs/record-format.md): a compact JWS, ES256, with
 * this `typ` in its protected header and these claims as its payload.
 */
export const RECORD_SIGNATURE_TYPE = "coldchain-record+jws";

export interface RecordClaims {
  reportId: string;
  labelId: string;
  /** The record document's SHA-256, 64 lowercase hex digits. */
  contentHash: string;
  /** When the server signed it, seconds since the epoch. */
  iat: number;
}
