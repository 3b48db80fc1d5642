import { Layout, Typography } from "antd";
import { useEffect } from "react";
import { usePreferencesStore } from "@/providers/stores/preferences";
import { IconDemo, NavigationDemo, OverlayDemo, SummaryCardDemo } from "./display-demo";
import { GlobalDemo, SnackbarDemo } from "./global-demo";
import { ChoiceDemo, NumberDemo, SelectDemo, TextInputDemo } from "./inputs-demo";
import { DatePickerDemo, RangeSliderDemo } from "./pickers-demo";
import styles from "./ui-kit-page.module.css";

/**
 * /ui-kit: every reusable control in its states, for review and for the browser tests
 * (tests/e2e/controls.spec.ts). Open to visitors; it holds no data.
 */
export function UiKitPage() {
  // The label-preset feature modal is shown by default; here it waits for its button.
  useEffect(() => {
    usePreferencesStore.getState().setShowLabelPresetFeatureModal(false);
  }, []);
  return (
    <Layout className={styles.page}>
      <main className={styles.main}>
        <header className={styles.header}>
          <Typography.Title level={1} className={styles.title}>
            Controls
          </Typography.Title>
          <Typography.Text className={styles.lead}>
            The dashboard's reusable controls and global elements.
          </Typography.Text>
        </header>
        <div className={styles.sections}>
          <DatePickerDemo />
          <RangeSliderDemo />
          <TextInputDemo />
          <NumberDemo />
          <SelectDemo />
          <ChoiceDemo />
          <SummaryCardDemo />
          <NavigationDemo />
          <OverlayDemo />
          <SnackbarDemo />
          <GlobalDemo />
          <IconDemo />
        </div>
      </main>
    </Layout>
  );
}
