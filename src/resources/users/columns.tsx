import { userName } from "@core/domain/audit-actor";
import { formatPhone } from "@core/domain/phone";
import { ROLE_LABELS } from "@core/domain/role-rules";
import { booleanColumn, type ColumnSpec, dateColumn, enumColumn, textColumn } from "@/components/list/columns";
import type { User } from "../types";

/** Tag colours by role: the more a role may do, the warmer its colour. */
export const ROLE_COLORS: Readonly<Record<string, string>> = {
  systemAdmin: "volcano",
  distributorAdmin: "purple",
  administrator: "blue",
  handler: "cyan",
  subHandler: "geekblue",
  user: "default",
};

export const rolesColumn = enumColumn<User>("roles", "Roles", { labels: ROLE_LABELS, colors: ROLE_COLORS });

export const userColumns: ColumnSpec<User>[] = [
  textColumn("name", "Name", { render: (user) => userName(user) }),
  textColumn("email", "E-mail"),
  rolesColumn,
  dateColumn("created", "Member since"),
];

export const userFields: ColumnSpec<User>[] = [
  textColumn("firstName", "First name"),
  textColumn("lastName", "Last name"),
  textColumn("email", "E-mail"),
  textColumn("phone", "Phone", { render: (user) => formatPhone(user.phone) }),
  booleanColumn("hasSignedUp", "Account", {
    trueLabel: "Signed up",
    falseLabel: "No password yet",
    falseStatus: "warning",
  }),
  dateColumn("created", "Member since"),
];
