import { type Static, Type } from "typebox";
import { COMPANY_TYPES } from "../domain/resources";
import { dateTime, nullableString, StringEnum } from "./schema-types";

/** A company as the sub-company and control-center routes answer with it. */
export const companyRecord = Type.Object({
  id: Type.String(),
  name: Type.String(),
  type: StringEnum(COMPANY_TYPES),
  parentId: nullableString,
  parentName: nullableString,
  city: nullableString,
  country: nullableString,
  timeZone: Type.String(),
  temperatureUnit: Type.String(),
  userCount: Type.Integer(),
  reportCount: Type.Integer(),
  created: dateTime,
});

export type CompanyRecord = Static<typeof companyRecord>;
