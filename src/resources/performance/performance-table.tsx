import type { PerformanceRow } from "@core/api/performance";
import {
  groupName,
  measureText,
  PERFORMANCE_GROUP_TEXT,
  PERFORMANCE_MEASURE_TEXT,
  PERFORMANCE_MEASURES,
  type PerformanceGroup,
} from "@core/domain/performance";
import { Table } from "antd";
import type { ColumnsType } from "antd/es/table";
import { CHARTED_GROUPS, groupColor } from "./group-colors";
import styles from "./performance.module.css";

/** The period's figures per lane or carrier, most shipments first; the charted ones carry their line's color. */
export function PerformanceTable({
  rows,
  groupBy,
  locale,
  loading,
}: {
  rows: readonly PerformanceRow[];
  groupBy: PerformanceGroup;
  locale: string;
  loading: boolean;
}) {
  const columns: ColumnsType<PerformanceRow & { index: number }> = [
    {
      key: "group",
      title: PERFORMANCE_GROUP_TEXT[groupBy],
      render: (_, row) => (
        <span>
          {row.index < CHARTED_GROUPS ? (
            <span className={styles.swatch} style={{ background: groupColor(row.index) }} />
          ) : null}
          {groupName(row, groupBy)}
        </span>
      ),
    },
    ...PERFORMANCE_MEASURES.map((measure) => ({
      key: measure,
      title: PERFORMANCE_MEASURE_TEXT[measure],
      align: "right" as const,
      render: (_: unknown, row: PerformanceRow) => measureText(measure, row[measure], locale),
    })),
  ];
  // The table scrolls sideways in a box of its own that a keyboard can focus (WCAG 2.1.1):
  // its cells hold no link or button to reach the scroll with, as other lists' rows do.
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll box a keyboard must reach (WCAG 2.1.1, axe scrollable-region-focusable).
    <section className={styles.tableScroll} aria-label="Figures per group" tabIndex={0}>
      <Table
        size="small"
        className={styles.table}
        data-testid="performance-table"
        rowKey={(row) => `${row.origin}|${row.destination}|${row.carrier}`}
        columns={columns}
        dataSource={rows.map((row, index) => ({ ...row, index }))}
        loading={loading}
        pagination={false}
        locale={{ emptyText: "No shipments departed in this period" }}
      />
    </section>
  );
}
