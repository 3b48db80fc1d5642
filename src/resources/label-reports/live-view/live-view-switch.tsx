import { Switch, Tooltip } from "antd";
import { useAccess } from "@/hooks/use-access";
import { usePreferencesStore } from "@/providers/stores/preferences";
import { LIVE_VIEW_INTERVAL_MS } from "./live-view-timer";

/** The live view preference, for users who may use it (manage liveView). */
export function LiveViewSwitch() {
  const can = useAccess();
  const enabled = usePreferencesStore((s) => s.liveViewEnabled);
  const setEnabled = usePreferencesStore((s) => s.setLiveViewEnabled);
  if (!can({ action: "manage", subject: "liveView" })) return null;
  return (
    <Tooltip title={`Refresh reports every ${LIVE_VIEW_INTERVAL_MS / 1000} s while this tab is visible`}>
      <span style={{ display: "inline-flex", alignItems: "center", gap: 8, whiteSpace: "nowrap" }}>
        <Switch id="live-view" size="small" checked={enabled} onChange={setEnabled} aria-label="Live view" />
        <label htmlFor="live-view">Live view</label>
      </span>
    </Tooltip>
  );
}
