import { type ListQuery, parseListQuery } from "../../core/domain/list-query";
import type { ListResource } from "../../core/domain/resources";

/** Parses a list call's query string with the resource's defaults (page size, filter, order). */
export function parseResourceQuery(resource: ListResource, raw: unknown): ListQuery {
  return parseListQuery(raw as Record<string, string | undefined>, {
    pageSize: resource.pageSize,
    order: resource.defaultOrder,
    filters: resource.defaultFilters,
  });
}
