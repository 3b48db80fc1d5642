import { useQueryClient } from "@tanstack/react-query";
import { Form } from "antd";
import { useEffect } from "react";
import { useAccess } from "@/hooks/use-access";
import { type CompanySettings, SETTINGS_URL, showFieldErrors, useSettingsDocument, useSettingsMutation } from "../api";

/** One company settings tab: the company document, a form filled from it, and a save that PATCHes /company. */
export function useCompanyForm<V extends object>(toValues: (company: CompanySettings) => V, message: string) {
  const can = useAccess();
  const [form] = Form.useForm<V>();
  const { data, query } = useSettingsDocument<CompanySettings>(SETTINGS_URL.company);
  const { mutate, mutation } = useSettingsMutation<CompanySettings>();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (data) form.setFieldsValue(toValues(data) as Parameters<typeof form.setFieldsValue>[0]);
    // toValues is a module-level function of each tab.
  }, [data, form, toValues]);
  const save = (values: object) =>
    mutate(
      {
        url: SETTINGS_URL.company,
        method: "patch",
        values,
        successNotification: { message, type: "success" },
        errorNotification: false,
      },
      {
        onSuccess: () => {
          query.refetch();
          // GET /me carries the company's unit, the default of members who chose none.
          queryClient.invalidateQueries({ predicate: (q) => q.queryKey.includes(SETTINGS_URL.me) });
        },
        onError: (error) => showFieldErrors(form, error),
      },
    );
  return {
    form,
    data,
    query,
    save,
    saving: mutation.isPending,
    canEdit: can({ action: "update", subject: "company" }),
  };
}
