import { ROLE_LABELS } from "@core/domain/role-rules";
import { ROLES } from "@core/domain/roles";
import { IncludesFilter } from "@/components/list/filter-selects";
import styles from "../people/people.module.css";

const OPTIONS = ROLES.map((value) => ({ value, label: ROLE_LABELS[value] }));

/** The role filter beside the search box: members holding at least one of the chosen roles. */
export function RoleFilter() {
  return (
    <IncludesFilter
      resource="users"
      filterKey="roles"
      options={OPTIONS}
      label="Filter by role"
      placeholder="Any role"
      className={styles.roleFilter}
    />
  );
}
