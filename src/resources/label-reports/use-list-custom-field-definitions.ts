import type { CustomFieldDefinition } from "@core/domain/custom-fields";
import { useAccess } from "@/hooks/use-access";
import { selectActiveCompany, useAuthSessionStore } from "@/providers/stores/auth-session";
import { useCustomFieldDefinitions } from "../custom-fields/use-custom-field-definitions";

/**
 * The custom field definitions behind the label-report list's columns and filters, and
 * the active company (whose definition of a key wins: listCustomFields). Reading them
 * needs what the server asks for GET /custom-fields, read on label reports; the
 * CUSTOM_FIELDS flag is for managing them. Without it no request is
 * sent; while loading or after an error (handled quietly): none.
 *
 * Only the request lives here: this file is in the list's first load, the rules that
 * turn definitions into columns load when there are definitions (custom-field-columns.ts).
 */
export function useListCustomFieldDefinitions(): {
  definitions: CustomFieldDefinition[];
  companyId: string | undefined;
} {
  const can = useAccess();
  const allowed = can({ action: "read", subject: "labelReport" });
  const companyId = useAuthSessionStore((s) => selectActiveCompany(s)?.id);
  const { definitions } = useCustomFieldDefinitions(undefined, { enabled: allowed });
  return { definitions: allowed ? definitions : NONE, companyId };
}

const NONE: CustomFieldDefinition[] = [];
