/**
 * A record id as the API accepts it in an address: a UUID, the same shape as the server's
 * `format: "uuid"` route parameters (server/routes/schemas.ts, ajv's format).
 */
const UUID = /^[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i;

export function isRecordId(value: string): boolean {
  return UUID.test(value);
}
