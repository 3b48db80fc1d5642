import { includesFilter, listItems } from "@core/domain/list-query";
import { listResource } from "@core/domain/resources";
import { ROLE_LABELS } from "@core/domain/role-rules";
import { ROLES } from "@core/domain/roles";
import { Select } from "antd";
import { useLocation, useNavigate } from "react-router";
import { applyFilters, listSearchString, parseListUrl } from "@/providers/list-url";
import styles from "../people/people.module.css";

const RESOURCE = listResource("users");
const OPTIONS = ROLES.map((value) => ({ value, label: ROLE_LABELS[value] }));

/**
 * The role filter beside the search box: members holding at least one of the chosen
 * roles (`roles[includes]a|b`). It writes the list's URL; the table follows it.
 */
export function RoleFilter() {
  const location = useLocation();
  const navigate = useNavigate();
  const state = parseListUrl(location.search, RESOURCE);
  const current = state.filters.find((f) => f.key === "roles");
  const value = current ? listItems(current) : [];
  return (
    <Select
      mode="multiple"
      allowClear
      aria-label="Filter by role"
      placeholder="Any role"
      maxTagCount="responsive"
      className={styles.roleFilter}
      options={OPTIONS}
      value={value}
      onChange={(roles: string[]) => {
        const next = applyFilters(state, roles.length ? [includesFilter("roles", roles)] : [], ["roles"]);
        navigate({ pathname: location.pathname, search: listSearchString(next, RESOURCE) });
      }}
    />
  );
}
