import { ScissorOutlined, UndoOutlined } from "@ant-design/icons";
import { Alert, Button, Flex, Tag, Typography } from "antd";
import { useEffect, useState } from "react";
import { RangeSlider } from "@/components/controls/range-slider/range-slider";
import { showSnackbar } from "@/components/global/snackbars/snackbar-store";
import { DateTimeText } from "@/components/list/date-time-text";
import { readableError } from "@/providers/readable-error";
import styles from "../report/report.module.css";
import { isSummary } from "../report/report-format";
import { useTrimReport } from "../report/report-queries";
import { TrimConfirm } from "./trim-confirm";
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
  /** Typed to confirm a trim that takes an alarming excursion out of the evaluation. */
  labelId: string;
  scale: TrimScale;
  /** The stored evaluation window. */
  window: TrimWindow;
  /** Who set the stored window, when and why. */
  decision?: { reason: string | null; setBy: { name: string; email: string } | null; setAt: string | null };
  /** The window the handles were moved to and not yet saved (null: none); the chart previews it. */
  draft: TrimWindow | null;
  onDraftChange: (draft: TrimWindow | null) => void;
}

/**
 * Trim (LABEL_REPORT_TRIM): the range slider over the report's readings sets the evaluation
 * window; saving (after the reason and confirmation of TrimConfirm) recomputes the verdict
 * on the server and records who, when, why, old and new window in the audit trail.
 * Readings are kept; Undo trim clears the window, with a reason too.
 */
export function TrimPanel({ reportId, labelId, scale, window, decision, draft, onDraftChange }: TrimPanelProps) {
  const trim = useTrimReport(reportId);
  const windowKey = `${window.start}|${window.end}`;
  // The stored window changed (saved here, undone, or by someone else): the handles follow it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: windowKey stands for window
  useEffect(() => onDraftChange(null), [windowKey]);

  const value = windowToSlider(draft ?? window, scale);
  const setValue = (next: [number, number]) => {
    const moved = sliderToWindow(next, scale);
    onDraftChange(sameWindow(moved, window) ? null : moved);
  };
  const [confirming, setConfirming] = useState<TrimWindow | null>(null);
  const save = (next: TrimWindow, reason: string) =>
    trim.mutate(
      { ...next, reason },
      {
        onSuccess: (report) => {
          setConfirming(null);
          const summary = report.summary;
          const verdict = isSummary(summary)
            ? summary.overall.violation
              ? "Violation"
              : "No violation"
            : "recomputed";
          showSnackbar({
            type: "success",
            title: `${isTrimmed(next) ? "Evaluation window saved" : "Trim undone"}. Verdict: ${verdict}`,
          });
        },
      },
    );

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
      {draft ? (
        <Typography.Text data-testid="trim-unsaved">
          <Tag color="warning">Unsaved</Tag>
          From {draft.start ? <DateTimeText value={draft.start} /> : "the first reading"} to{" "}
          {draft.end ? <DateTimeText value={draft.end} /> : "the last reading"}: save the window to evaluate it.
        </Typography.Text>
      ) : null}
      <Flex justify="space-between" align="center" wrap gap="small">
        <Typography.Text type="secondary">
          {isTrimmed(window) ? (
            <>
              Evaluated from {window.start ? <DateTimeText value={window.start} /> : "the first reading"} to{" "}
              {window.end ? <DateTimeText value={window.end} /> : "the last reading"}
              {decision?.setBy ? ` · set by ${decision.setBy.name} (${decision.setBy.email})` : null}
              {decision?.setAt ? (
                <>
                  {" on "}
                  <DateTimeText value={decision.setAt} />
                </>
              ) : null}
              {decision?.reason ? ` · reason: ${decision.reason}` : null}
            </>
          ) : (
            "Every reading is evaluated"
          )}
        </Typography.Text>
        <Flex gap="small">
          <Button
            icon={<UndoOutlined />}
            disabled={!isTrimmed(window) || trim.isPending}
            onClick={() => setConfirming(UNTRIMMED)}
          >
            Undo trim
          </Button>
          <Button
            type="primary"
            icon={<ScissorOutlined />}
            disabled={!draft}
            loading={trim.isPending}
            onClick={() => setConfirming(draft)}
          >
            Save window
          </Button>
        </Flex>
      </Flex>
      {trim.isError ? <Alert type="error" showIcon message={readableError(trim.error)} /> : null}
      <TrimConfirm
        reportId={reportId}
        labelId={labelId}
        next={confirming}
        saving={trim.isPending}
        onConfirm={(reason) => confirming && save(confirming, reason)}
        onCancel={() => setConfirming(null)}
      />
    </div>
  );
}
