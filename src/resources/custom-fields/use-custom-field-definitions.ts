import type { CustomFieldDefinition } from "@core/domain/custom-fields";
import { type HttpError, useCustom } from "@refinedev/core";

/** One empty list, so that "no definitions yet" keeps its identity across renders. */
const NONE: CustomFieldDefinition[] = [];

/**
 * The custom field definitions the caller can see (its company, and a distributor's
 * sub-companies). Pass a report's companyId to get that company's fields only.
 * `enabled: false` sends no request (and gives no definitions). A failed request
 * (403, network) gives no definitions and no notification: the fields are extra.
 */
export function useCustomFieldDefinitions(companyId?: string, { enabled = true }: { enabled?: boolean } = {}) {
  const { query } = useCustom<CustomFieldDefinition[] & Record<string, unknown>, HttpError>({
    url: "custom-fields",
    method: "get",
    errorNotification: false,
    queryOptions: { enabled },
  });
  // query.data, not result.data: the latter is an empty object while loading.
  const loaded = query.data?.data;
  const all = (Array.isArray(loaded) ? loaded : NONE) as CustomFieldDefinition[];
  const definitions = companyId ? all.filter((d) => d.companyId === companyId) : all;
  return { definitions, query };
}
