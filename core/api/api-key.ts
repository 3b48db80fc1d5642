import { type Static, Type } from "typebox";
import { API_KEY_SCOPES } from "../domain/api-key-scopes";
import { dateTime, nullableDateTime, nullableString, StringEnum } from "./schema-types";

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
});

/** The answer to creating a key: the only time the key is shown. */
export const createdApiKeyRecord = Type.Object({ ...apiKeyRecord.properties, key: Type.String() });

export type ApiKeyRecord = Static<typeof apiKeyRecord>;
export type CreatedApiKeyRecord = Static<typeof createdApiKeyRecord>;
