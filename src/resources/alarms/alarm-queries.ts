import type { AlarmCommentInput } from "@core/api/alarm";
import type { AlarmAction } from "@core/domain/alarms";
import { type HttpError, useCustomMutation, useInvalidate, useList } from "@refinedev/core";
import { useQueryClient } from "@tanstack/react-query";
import type { ListQueryMeta } from "@/providers/data-provider";
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

/** A report's alarms at most (a unit's bands, silences, the battery): more than a report ever raises. */
const REPORT_ALARMS = 50;

/** A report's alarms, open first (the overlay, the deviation dialog); only the open ones with `openOnly`. */
export function useReportAlarms(reportId: string, openOnly = false) {
  return useList<Alarm, HttpError>({
    resource: RESOURCE.alarms,
    meta: {
      listQuery: {
        filters: [
          { key: "reportId", operator: "eq", value: reportId },
          ...(openOnly ? [{ key: "state", operator: "eq" as const, value: "open" }] : []),
        ],
        pageNumber: 1,
        pageSize: REPORT_ALARMS,
      },
    } satisfies ListQueryMeta,
    errorNotification: false,
  });
}
