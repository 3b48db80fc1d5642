import { CloseOutlined } from "@ant-design/icons";
import { Alert } from "antd";
import { usePreferencesStore } from "@/providers/stores/preferences";

const MAINTENANCE_MESSAGE = "Scheduled maintenance";
const MAINTENANCE_DESCRIPTION =
  "The dashboard may be briefly unavailable during planned maintenance. Label monitoring continues without interruption.";

export interface MaintenanceBannerProps {
  message?: string;
  description?: string;
}

/** Shown until dismissed; the dismissal is remembered in the interface preferences. */
export function MaintenanceBanner({
  message = MAINTENANCE_MESSAGE,
  description = MAINTENANCE_DESCRIPTION,
}: MaintenanceBannerProps) {
  const show = usePreferencesStore((state) => state.showMaintenanceBanner);
  const dismiss = usePreferencesStore((state) => state.setShowMaintenanceBanner);
  if (!show) return null;
  return (
    <Alert
      banner
      type="warning"
      showIcon
      closable={{ "aria-label": "Dismiss maintenance notice", closeIcon: <CloseOutlined aria-hidden /> }}
      message={
        <>
          <strong>{message}</strong> {description}
        </>
      }
      onClose={() => dismiss(false)}
      data-testid="maintenance-banner"
    />
  );
}
