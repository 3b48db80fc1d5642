import { useInvalidate } from "@refinedev/core";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useAccess } from "@/hooks/use-access";
import { usePreferencesStore } from "@/providers/stores/preferences";
import { RESOURCE } from "@/resources/names";
import { REPORT_QUERY_KEY } from "../report/report-queries";
import { LIVE_VIEW_INTERVAL_MS, startLiveView } from "./live-view-timer";

/** Whether live view runs: the preference is on and the user may use it. */
function useLiveViewActive(): boolean {
  const can = useAccess();
  const enabled = usePreferencesStore((s) => s.liveViewEnabled);
  return enabled && can({ action: "manage", subject: "liveView" });
}

/** While live view runs, refreshes the label report list and open report every interval. */
export function useLiveView(intervalMs = LIVE_VIEW_INTERVAL_MS): boolean {
  const active = useLiveViewActive();
  const invalidate = useInvalidate();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!active) return;
    return startLiveView({
      intervalMs,
      onTick: () => {
        void invalidate({ resource: RESOURCE.labelReports, invalidates: ["list", "detail"] });
        void queryClient.invalidateQueries({ queryKey: [REPORT_QUERY_KEY] });
      },
    });
  }, [active, intervalMs, invalidate, queryClient]);
  return active;
}
