import type { Filter } from "@core/domain/list-query";
import { type ListResourceName, listResource } from "@core/domain/resources";
import { Select } from "antd";
import { useLocation, useNavigate } from "react-router";
import { applyFilters, listSearchString, parseListUrl } from "@/providers/list-url";

interface ChoiceFilterProps {
  /** The list's resource name (core/domain/resources.ts). */
  resource: ListResourceName;
  /** The list key filtered: rows whose value is the one chosen (`key[eq]value`). */
  filterKey: string;
  options: { value: string; label: string }[];
  /** The accessible name, e.g. "Filter by state". */
  label: string;
  /** What no choice means, e.g. "Any state". */
  placeholder: string;
  className?: string;
}

/** A single choice beside a list's search box. It writes the list's URL; the table follows it. */
export function ChoiceFilter({ resource, filterKey, options, label, placeholder, className }: ChoiceFilterProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const list = listResource(resource);
  const state = parseListUrl(location.search, list);
  const current = state.filters.find((f) => f.key === filterKey && f.operator === "eq")?.value;
  return (
    <Select
      allowClear
      aria-label={label}
      placeholder={placeholder}
      className={className}
      options={options}
      value={current ?? null}
      onChange={(value: string | undefined) => {
        const next: Filter[] = value ? [{ key: filterKey, operator: "eq", value }] : [];
        navigate({
          pathname: location.pathname,
          search: listSearchString(applyFilters(state, next, [filterKey]), list),
        });
      }}
    />
  );
}
