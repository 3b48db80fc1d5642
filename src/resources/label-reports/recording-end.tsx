import type { LabelStatus } from "@core/domain/resources";
import { PlainTag } from "@/components/controls/plain-tag/plain-tag";
import { DateTimeText } from "@/components/list/date-time-text";
import styles from "./columns.module.css";

/**
 * A label that still records (or has not started) has no end yet: its `endTime` is the
 * end the preset planned. Shown as an end, it read as if the label had stopped.
 */
export function isStillRecording(status: LabelStatus): boolean {
  return status === "recording" || status === "notStarted";
}

/** The End cell of the list: the end, or "Recording" with the planned end under it. */
export function EndCell({ status, endTime }: { status: LabelStatus; endTime: string | null }) {
  if (!isStillRecording(status))
    return endTime ? (
      <span className={styles.instant}>
        <DateTimeText value={endTime} />
      </span>
    ) : (
      "—"
    );
  return (
    <span data-testid="end-recording" className={styles.stack} style={{ lineHeight: 1.3 }}>
      <PlainTag color="processing" bordered={false} style={{ marginInlineEnd: 0 }}>
        {status === "recording" ? "Recording" : "Not started"}
      </PlainTag>
      {endTime ? (
        // Wraps like the dates around it (day over time) rather than widening the column. A plain
        // span: antd's Typography (with its editing and copying) cost the list's first load 12 kB gzip.
        <span className={`${styles.instant} ${styles.plannedEnd}`}>
          Planned end <DateTimeText value={endTime} />
        </span>
      ) : null}
    </span>
  );
}
