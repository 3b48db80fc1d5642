import { includesFilter, listItems } from "@core/domain/list-query";
import { type ListResourceName, listResource } from "@core/domain/resources";
import { Select } from "antd";
import { useLocation, useNavigate } from "react-router";
import { applyFilters, listSearchString, parseListUrl } from "@/providers/list-url";

interface IncludesFilterProps {
  /** The list's resource name (core/domain/resources.ts). */
  resource: ListResourceName;
  /** The list key filtered: rows whose value is one of the chosen (`key[includes]a|b`). */
  filterKey: string;
  options: { value: string; label: string }[];
  /** The accessible name, e.g. "Filter by role". */
  label: string;
  /** What an empty choice means, e.g. "Any role". */
  placeholder: string;
  className?: string;
}

/**
 * A multiple choice beside a list's search box. It writes the list's URL; the table follows
 * it. A single value written by a link as `key[eq]` reads as that one choice.
 */
export function IncludesFilter({ resource, filterKey, options, label, placeholder, className }: IncludesFilterProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const list = listResource(resource);
  const state = parseListUrl(location.search, list);
  const current = state.filters.find((f) => f.key === filterKey);
  return (
    <Select
      mode="multiple"
      allowClear
      aria-label={label}
      placeholder={placeholder}
      maxTagCount="responsive"
      className={className}
      options={options}
      optionFilterProp="label"
      value={current ? listItems(current) : []}
      onChange={(values: string[]) => {
        const next = applyFilters(state, values.length ? [includesFilter(filterKey, values)] : [], [filterKey]);
        navigate({ pathname: location.pathname, search: listSearchString(next, list) });
      }}
    />
  );
}
