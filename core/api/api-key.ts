import { type Static, Type } from "typebox";
import { API_KEY_SCOPES } from "../domain/api-key-scopes";
import { dateTime, Nullable, nullableDateTime, nullableString, PlainText, StringEnum } from "./schema-types";

/** A company's API key as settings lists it: never the key itself. */
export const apiKeyRecord = Type.Object({
  id: Type.String(),
  name: Type.String(),
  prefix: Type.String(),
  created: dateTime,
  createdBy: nullableString,
  createdByName: nullableString,
  lastUsed: nullableDateTime,
  scopes: Type.Array(StringEnum(API_KEY_SCOPES)),
  expiresAt: Nullable(
    Type.String({ format: "date-time", description: "When the key stops working (401); null: never" }),
  ),
});

/** How long a key works from now: whole days, or null for a key that does not expire. */
const expiresInDays = Type.Union([Type.Integer({ minimum: 1, maximum: 1825 }), Type.Null()], {
  description: "Days from now until the key stops working (1 to 1825, 365 by default), or null: never",
});

/** PATCH /api-keys/{id}: a new expiry, counted from now (administrators). */
export const apiKeyChanges = Type.Object({ expiresInDays }, { additionalProperties: false });

/** The answer to creating a key: the only time the key is shown. */
export const createdApiKeyRecord = Type.Object({ ...apiKeyRecord.properties, key: Type.String() });

export type ApiKeyRecord = Static<typeof apiKeyRecord>;
export type CreatedApiKeyRecord = Static<typeof createdApiKeyRecord>;

/** POST /api-keys: the key's name and what it may do (`read` by default). */
export const apiKeyInput = Type.Object(
  {
    name: PlainText({ maxLength: 100 }),
    scopes: Type.Optional(
      Type.Array(StringEnum(API_KEY_SCOPES), {
        minItems: 1,
        maxItems: API_KEY_SCOPES.length,
        uniqueItems: true,
      }),
    ),
    expiresInDays: Type.Optional(expiresInDays),
  },
  { additionalProperties: false },
);

export type ApiKeyInput = Static<typeof apiKeyInput>;
