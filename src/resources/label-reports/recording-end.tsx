import { Tag, Typography } from "antd";
import { DateTimeText } from "@/components/list/date-time-text";
import type { LabelStatus } from "@/domain/resources";

/**
 * A label that still records (or has not started) has no end yet: its `endTime` is the
 * end the preset planned. Shown as an end, it read as if the label had stopped (issue #21).
 */
export function isStillRecording(status: LabelStatus): boolean {
  return status === "recording" || status === "notStarted";
}

/** The End cell of the list: the end, or "Recording" with the planned end under it. */
export function EndCell({ status, endTime }: { status: LabelStatus; endTime: string | null }) {
  if (!isStillRecording(status)) return endTime ? <DateTimeText value={endTime} /> : "—";
  return (
    <span data-testid="end-recording" style={{ display: "inline-flex", flexDirection: "column", lineHeight: 1.3 }}>
      <span>
        <Tag color="processing" bordered={false} style={{ marginInlineEnd: 0 }}>
          {status === "recording" ? "Recording" : "Not started"}
        </Tag>
      </span>
      {endTime ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          Planned end <DateTimeText value={endTime} />
        </Typography.Text>
      ) : null}
    </span>
  );
}
