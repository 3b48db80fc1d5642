import { type ListQuery, parseListQuery } from "../../src/domain/list-query";
import type { ListResource } from "../../src/domain/resources";

/** Parses a list call's query string with the resource's defaults (spec section 9). */
export function parseResourceQuery(resource: ListResource, raw: unknown): ListQuery {
  return parseListQuery(raw as Record<string, string | undefined>, {
    pageSize: resource.pageSize,
    order: resource.defaultOrder,
    filters: resource.defaultFilters,
  });
}
