import type { CompanySettingsRecord } from "@core/api/company-settings";
import { type BaseRecord, type HttpError, useCustom, useCustomMutation } from "@refinedev/core";
import type { FormInstance } from "antd";

/**
 * The settings screens' calls, through Refine's custom hooks (and so the data
 * provider with its role-token headers): pages never call fetch.
 */

export const SETTINGS_URL = {
  me: "me",
  password: "me/password",
  phone: "me/phone",
  phoneConfirm: "me/phone/confirm",
  phoneEmailCode: "me/phone/email-code",
  notifications: "me/notifications",
  company: "company",
  apiKeys: "api-keys",
  webhooks: "webhooks",
  customFields: "custom-fields",
} as const;

/** GET one settings document; `data` is undefined while loading. */
export function useSettingsDocument<T extends BaseRecord | BaseRecord[]>(url: string, enabled = true) {
  const { query } = useCustom<BaseRecord, HttpError>({
    url,
    method: "get",
    queryOptions: { enabled },
    errorNotification: false,
  });
  // query.data, not result.data: the latter is an empty object while loading.
  return { data: query.data?.data as T | undefined, query };
}

export function useSettingsMutation<T extends BaseRecord = BaseRecord>() {
  return useCustomMutation<T, HttpError>();
}

/** Shows the server's per-field errors (`formFields` ids like `billing.vatNumber`) under the form's fields. */
export function showFieldErrors(form: FormInstance, error: HttpError, rename: Record<string, string> = {}): boolean {
  const errors = (error as { errors?: Record<string, string> }).errors;
  if (!errors) return false;
  const fields = Object.entries(errors).map(([id, message]) => ({
    name: (rename[id] ?? id).split(".").map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
    errors: [message],
  }));
  form.setFields(fields);
  return fields.length > 0;
}

/** The caller's company with its settings (GET /company). */
export type CompanySettings = CompanySettingsRecord;
