import type { DeviationChanges, DeviationClosingInput, DeviationDetail, DeviationInput } from "@core/api/deviation";
import { type HttpError, useCustomMutation, useInvalidate } from "@refinedev/core";
import { useQueryClient } from "@tanstack/react-query";
import { REPORT_QUERY_KEY } from "@/resources/label-reports/report/report-queries";
import { RESOURCE } from "@/resources/names";

const deviationUrl = (id: string, tail = "") => `${RESOURCE.deviations}/${encodeURIComponent(id)}${tail}`;

/**
 * After a deviation changes, what shows it is refreshed: the deviation lists and page, the
 * alarms (closing one closes its alarms), the report lists (Needs attention) and the
 * report's overlay and trail.
 */
function useRefreshAfter() {
  const invalidate = useInvalidate();
  const queryClient = useQueryClient();
  return async (deviation: { reportId: string }) => {
    await Promise.all([
      invalidate({ resource: RESOURCE.deviations, invalidates: ["all"] }),
      invalidate({ resource: RESOURCE.alarms, invalidates: ["all"] }),
      invalidate({ resource: RESOURCE.labelReports, invalidates: ["all"] }),
      queryClient.invalidateQueries({ queryKey: [REPORT_QUERY_KEY, deviation.reportId] }),
    ]);
  };
}

/** POST /deviations, PATCH /deviations/{id}, and closing one with a signature. */
export function useDeviationActions() {
  const { mutateAsync, mutation } = useCustomMutation<DeviationDetail, HttpError>();
  const refresh = useRefreshAfter();
  const send = async (url: string, method: "post" | "patch", values: object) => {
    const { data } = await mutateAsync({ url, method, values, successNotification: false, errorNotification: false });
    await refresh(data);
    return data;
  };
  return {
    open: (values: DeviationInput) => send(RESOURCE.deviations, "post", values),
    change: (id: string, values: DeviationChanges) => send(deviationUrl(id), "patch", values),
    close: (id: string, values: DeviationClosingInput) => send(deviationUrl(id, "/close"), "post", values),
    emailCode: async (id: string) => {
      await mutateAsync({
        url: deviationUrl(id, "/close/email-code"),
        method: "post",
        values: {},
        successNotification: false,
        errorNotification: false,
      });
    },
    pending: mutation.isPending,
  };
}
