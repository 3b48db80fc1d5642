import { type HttpError, useCustom } from "@refinedev/core";
import type { CustomFieldDefinition } from "@/domain/custom-fields";

/**
 * The custom field definitions the caller can see (its company, and a distributor's
 * sub-companies). Pass a report's companyId to get that company's fields only.
 */
export function useCustomFieldDefinitions(companyId?: string) {
  const { query } = useCustom<CustomFieldDefinition[] & Record<string, unknown>, HttpError>({
    url: "custom-fields",
    method: "get",
    errorNotification: false,
  });
  // query.data, not result.data: the latter is an empty object while loading.
  const loaded = query.data?.data;
  const all = (Array.isArray(loaded) ? loaded : []) as CustomFieldDefinition[];
  const definitions = companyId ? all.filter((d) => d.companyId === companyId) : all;
  return { definitions, query };
}
