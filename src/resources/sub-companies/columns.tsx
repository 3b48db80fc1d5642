import { type ColumnSpec, dateColumn, enumColumn, textColumn } from "@/components/list/columns";
import type { Company } from "../types";

export const companyColumns: ColumnSpec<Company>[] = [
  textColumn("name", "Name"),
  enumColumn("type", "Type"),
  textColumn("parentName", "Parent company"),
  textColumn("city", "City"),
  textColumn("country", "Country"),
  dateColumn("created", "Created"),
];

export const companyFields: ColumnSpec<Company>[] = [
  ...companyColumns,
  textColumn("timeZone", "Time zone"),
  enumColumn("temperatureUnit", "Temperature unit"),
  textColumn("userCount", "Users"),
  textColumn("reportCount", "Label reports"),
];
