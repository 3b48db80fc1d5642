import { type Static, Type } from "typebox";
import { CUSTOM_FIELD_TYPES, MAX_SELECT_OPTIONS } from "../domain/custom-fields";
import { dateTime, PlainText, StringEnum } from "./schema-types";

/** A custom field of a company's label reports (GET /custom-fields). */
export const customFieldRecord = Type.Object({
  id: Type.String(),
  companyId: Type.String(),
  key: Type.String(),
  name: Type.String(),
  type: StringEnum(CUSTOM_FIELD_TYPES),
  options: Type.Array(Type.String(), { description: "The choices of a select field; empty for the other types" }),
  required: Type.Boolean(),
  requiredSince: Type.Union([dateTime, Type.Null()], {
    description: "When it became required: it binds reports registered since then (null: optional)",
  }),
  partOfRecord: Type.Boolean({
    description:
      "Its values are part of the report's record: hashed, printed, edited only with a reason; fixed at creation",
  }),
  created: dateTime,
});

const options = Type.Array(PlainText({ maxLength: 100 }), { maxItems: MAX_SELECT_OPTIONS });
const fieldName = PlainText({ maxLength: 60 });

/** POST /custom-fields: its key is derived from the name. */
export const customFieldInput = Type.Object(
  {
    name: fieldName,
    type: StringEnum(CUSTOM_FIELD_TYPES),
    options: Type.Optional(options),
    required: Type.Optional(Type.Boolean()),
    partOfRecord: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

/** PATCH /custom-fields/{id}: the key and type stay. */
export const customFieldChanges = Type.Object(
  {
    name: Type.Optional(fieldName),
    options: Type.Optional(options),
    required: Type.Optional(Type.Boolean()),
  },
  { minProperties: 1, additionalProperties: false },
);

export type CustomFieldRecord = Static<typeof customFieldRecord>;
