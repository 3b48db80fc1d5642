import { ScissorOutlined, UndoOutlined } from "@ant-design/icons";
import { Alert, Button, Flex, Typography } from "antd";
import { useEffect, useState } from "react";
import { RangeSlider } from "@/components/controls/range-slider/range-slider";
import { showSnackbar } from "@/components/global/snackbars/snackbar-store";
import { DateTimeText } from "@/components/list/date-time-text";
import { readableError } from "@/providers/data-provider";
import styles from "../report/report.module.css";
import { isSummary } from "../report/report-format";
import { useTrimReport } from "../report/report-queries";
import {
  isTrimmed,
  sameWindow,
  sliderToWindow,
  type TrimScale,
  type TrimWindow,
  UNTRIMMED,
  windowToSlider,
} from "./trim-window";

export interface TrimPanelProps {
  reportId: string;
  scale: TrimScale;
  /** The stored evaluation window. */
  window: TrimWindow;
}

/**
 * Trim (LABEL_REPORT_TRIM): the range slider over the report's readings sets the evaluation
 * window; saving recomputes the verdict on the server and records who, when, old and new
 * window in the audit trail. Readings are kept; Undo trim clears the window.
 */
export function TrimPanel({ reportId, scale, window }: TrimPanelProps) {
  const [value, setValue] = useState<[number, number]>(() => windowToSlider(window, scale));
  const trim = useTrimReport(reportId);
  const windowKey = `${window.start}|${window.end}|${scale.min}|${scale.max}`;
  // The stored window changed (saved here, undone, or refreshed by live view): follow it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: windowKey stands for window and scale
  useEffect(() => setValue(windowToSlider(window, scale)), [windowKey]);

  const draft = sliderToWindow(value, scale);
  const changed = !sameWindow(draft, window);
  const save = (next: TrimWindow) =>
    trim.mutate(next, {
      onSuccess: (report) => {
        const summary = report.summary;
        const verdict = isSummary(summary) ? (summary.overall.violation ? "Violation" : "No violation") : "recomputed";
        showSnackbar({
          type: "success",
          title: `${isTrimmed(next) ? "Evaluation window saved" : "Trim undone"}. Verdict: ${verdict}`,
        });
      },
    });

  return (
    <div className={styles.trim} data-testid="trim-panel">
      <RangeSlider
        value={value}
        onChange={setValue}
        min={scale.min}
        max={scale.max}
        step={scale.step}
        unitType="timestamp"
        timestampUnit="milliseconds"
        variant="primary"
        showTickLabels
        aria-label={["Evaluation window start", "Evaluation window end"]}
        disabled={trim.isPending}
      />
      <Flex justify="space-between" align="center" wrap gap="small">
        <Typography.Text type="secondary">
          {isTrimmed(window) ? (
            <>
              Evaluated from {window.start ? <DateTimeText value={window.start} /> : "the first reading"} to{" "}
              {window.end ? <DateTimeText value={window.end} /> : "the last reading"}
            </>
          ) : (
            "Every reading is evaluated"
          )}
        </Typography.Text>
        <Flex gap="small">
          <Button
            icon={<UndoOutlined />}
            disabled={!isTrimmed(window) || trim.isPending}
            onClick={() => save(UNTRIMMED)}
          >
            Undo trim
          </Button>
          <Button
            type="primary"
            icon={<ScissorOutlined />}
            disabled={!changed}
            loading={trim.isPending}
            onClick={() => save(draft)}
          >
            Save window
          </Button>
        </Flex>
      </Flex>
      {trim.isError ? <Alert type="error" showIcon message={readableError(trim.error)} /> : null}
    </div>
  );
}
