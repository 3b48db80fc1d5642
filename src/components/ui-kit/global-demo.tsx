import { useNotification } from "@refinedev/core";
import { Button } from "antd";
import { useState } from "react";
import { ErrorPage } from "@/components/error-page/error-page";
import { LabelPresetFeatureModal } from "@/components/global/feature-modal/label-preset-feature-modal";
import { MaintenanceBanner } from "@/components/global/maintenance-banner/maintenance-banner";
import { showSnackbar } from "@/components/global/snackbars/snackbar-store";
import { UpdateModal } from "@/components/global/update-modal/update-modal";
import { usePreferencesStore } from "@/providers/stores/preferences";
import { DemoSection, Example } from "./demo-section";
import styles from "./ui-kit-page.module.css";

export function SnackbarDemo() {
  const { open } = useNotification();
  let count = 0;
  return (
    <DemoSection title="Snackbars">
      <div className={styles.row}>
        <Button
          onClick={() =>
            open?.({ type: "success", message: "Sign out", description: "You have successfully signed out" })
          }
        >
          Sign-out snackbar
        </Button>
        <Button
          onClick={() => open?.({ type: "error", message: "Could not save", description: "Something went wrong" })}
        >
          Error
        </Button>
        <Button
          onClick={() =>
            showSnackbar({
              type: "warning",
              title: "Battery low",
              text: "Label LBL-0042 is at 18 %",
              subText: "Replace it before the next shipment",
              actionFunction: () => showSnackbar({ type: "info", title: "Opening the label…" }),
            })
          }
        >
          With action
        </Button>
        <Button
          onClick={() =>
            showSnackbar({
              type: "info",
              title: "Export ready",
              text: "Closable: stays until closed",
              closable: true,
              duration: 0,
            })
          }
        >
          Closable
        </Button>
        <Button
          onClick={() => {
            for (let i = 0; i < 6; i += 1) {
              count += 1;
              showSnackbar({ type: "info", title: `Notification ${count}`, duration: 6000 });
            }
          }}
        >
          Show six
        </Button>
      </div>
    </DemoSection>
  );
}

export function GlobalDemo() {
  const [updateOpen, setUpdateOpen] = useState(false);
  const [errorStatus, setErrorStatus] = useState(404);
  const showBanner = usePreferencesStore((state) => state.setShowMaintenanceBanner);
  const showFeature = usePreferencesStore((state) => state.setShowLabelPresetFeatureModal);
  const featureShown = usePreferencesStore((state) => state.showLabelPresetFeatureModal);
  return (
    <DemoSection title="Global elements" wide>
      <Example caption="Maintenance banner (dismissal remembered)">
        <MaintenanceBanner />
      </Example>
      <div className={styles.row}>
        <Button onClick={() => showBanner(true)}>Show the banner again</Button>
        <Button onClick={() => showFeature(true)}>Show the label-preset feature modal</Button>
        <Button onClick={() => setUpdateOpen(true)}>Preview the update modal</Button>
        <Button onClick={() => setErrorStatus(errorStatus === 404 ? 500 : 404)}>Switch error page</Button>
      </div>
      <Example caption={`Error page (${errorStatus})`}>
        <div className={styles.errorPreview}>
          <ErrorPage
            status={errorStatus}
            message={errorStatus === 404 ? "Page not found: /no-such-page" : "Request failed"}
          />
        </div>
      </Example>
      {featureShown ? <LabelPresetFeatureModal /> : null}
      {updateOpen ? <UpdateModal forceOpen reload={() => setUpdateOpen(false)} /> : null}
    </DemoSection>
  );
}
