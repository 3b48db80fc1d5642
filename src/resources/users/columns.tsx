import { booleanColumn, type ColumnSpec, dateColumn, enumColumn, textColumn } from "@/components/list/columns";
import type { User } from "../types";

export const userColumns: ColumnSpec<User>[] = [
  textColumn("name", "Name"),
  textColumn("email", "E-mail"),
  enumColumn("roles", "Roles"),
  dateColumn("created", "Member since"),
];

export const userFields: ColumnSpec<User>[] = [
  ...userColumns,
  textColumn("firstName", "First name"),
  textColumn("lastName", "Last name"),
  textColumn("phone", "Phone"),
  booleanColumn("hasSignedUp", "Signed up"),
];
