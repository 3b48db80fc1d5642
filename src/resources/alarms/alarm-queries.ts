import type { AlarmCommentInput } from "@core/api/alarm";
import type { AlarmAction } from "@core/domain/alarms";
import { useCustomMutation, useInvalidate } from "@refinedev/core";
import { useQueryClient } from "@tanstack/react-query";
import { REPORT_QUERY_KEY } from "@/resources/label-reports/report/report-queries";
import { RESOURCE } from "@/resources/names";
import type { Alarm } from "../types";

/**
 * Acknowledging or closing an alarm (POST /alarms/{id}/acknowledge|close), then refreshing
 * what shows it: the alarm lists, the report lists (Needs attention counts open alarms) and
 * the open report's trail.
 */
export function useAlarmAction(action: AlarmAction) {
  const { mutateAsync, mutation } = useCustomMutation<Alarm>();
  const invalidate = useInvalidate();
  const queryClient = useQueryClient();
  const run = async (alarm: Alarm, comment: string) => {
    await mutateAsync({
      url: `${RESOURCE.alarms}/${encodeURIComponent(alarm.id)}/${action}`,
      method: "post",
      values: { comment } satisfies AlarmCommentInput,
      successNotification: false,
      errorNotification: false,
    });
    await Promise.all([
      invalidate({ resource: RESOURCE.alarms, invalidates: ["all"] }),
      invalidate({ resource: RESOURCE.labelReports, invalidates: ["all"] }),
      queryClient.invalidateQueries({ queryKey: [REPORT_QUERY_KEY, alarm.reportId] }),
    ]);
  };
  return { run, pending: mutation.isPending };
}
