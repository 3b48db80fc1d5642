import { type Filter, includesFilter, listItems } from "@core/domain/list-query";
import { type ListResourceName, listResource } from "@core/domain/resources";
import { Select } from "antd";
import { useLocation, useNavigate } from "react-router";
import { applyFilters, listSearchString, parseListUrl } from "@/providers/list-url";

/**
 * Choices beside a list's search box, for filters a person sets in view (the label
 * reports' panel sets its own). Each writes the list's URL; the table follows it.
 */

interface FilterSelectProps {
  /** The list's resource name (core/domain/resources.ts). */
  resource: ListResourceName;
  /** The list key filtered. */
  filterKey: string;
  options: { value: string; label: string }[];
  /** The accessible name, e.g. "Filter by state". */
  label: string;
  /** What no choice means, e.g. "Any state". */
  placeholder: string;
  className?: string;
}

/** The list's filters in the address, and a way to replace the key's (a step Back returns from). */
export function useKeyFilters(resource: ListResourceName, key: string) {
  const location = useLocation();
  const navigate = useNavigate();
  const list = listResource(resource);
  const state = parseListUrl(location.search, list);
  const set = (next: Filter[]) =>
    navigate({ pathname: location.pathname, search: listSearchString(applyFilters(state, next, [key]), list) });
  return { filters: state.filters, set };
}

/** The key's one filter in the address, and a way to replace it. */
export function useKeyFilter(resource: ListResourceName, key: string) {
  const { filters, set } = useKeyFilters(resource, key);
  return { current: filters.find((f) => f.key === key), set };
}

/** One choice: rows whose value is the one chosen (`key[eq]value`). */
export function ChoiceFilter({ resource, filterKey, options, label, placeholder, className }: FilterSelectProps) {
  const { current, set } = useKeyFilter(resource, filterKey);
  return (
    <Select
      allowClear
      aria-label={label}
      placeholder={placeholder}
      className={className}
      options={options}
      value={current?.operator === "eq" ? current.value : null}
      onChange={(value: string | undefined) => set(value ? [{ key: filterKey, operator: "eq", value }] : [])}
    />
  );
}

/**
 * Several choices: rows whose value is one of them (`key[includes]a|b`). A single value
 * written by a link as `key[eq]` reads as that one choice.
 */
export function IncludesFilter({ resource, filterKey, options, label, placeholder, className }: FilterSelectProps) {
  const { current, set } = useKeyFilter(resource, filterKey);
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
      onChange={(values: string[]) => set(values.length ? [includesFilter(filterKey, values)] : [])}
    />
  );
}
