import type { Row, SortingState } from "@tanstack/react-table";
import { useVirtualizer } from "@tanstack/react-virtual";
import { type ReactNode, type UIEventHandler, useRef } from "react";
import styles from "./data-table.module.css";
import { BodyRow } from "./table-cells";

/** A row's height before it is measured: one line of the list's cells. */
const ESTIMATED_ROW_PX = 55;

/**
 * A page of hundreds or thousands of rows: a box of fixed height whose table holds only the
 * rows in view (and a few either side), with spacer rows for the height of the others. The
 * header stays on top while the rows scroll under it; the columns have fixed widths, so they
 * do not change as other rows come into view.
 */
export function VirtualTable<T>({
  head,
  rows,
  sorting,
  onScroll,
}: {
  head: ReactNode;
  rows: Row<T>[];
  sorting: SortingState;
  onScroll: UIEventHandler<HTMLDivElement>;
}) {
  const box = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => box.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    overscan: 8,
  });
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  return (
    <div ref={box} className={`ant-table-tbody-virtual-holder ${styles.virtualBox}`} onScroll={onScroll}>
      <table className={styles.fixedGrid}>
        {head}
        <tbody className="ant-table-tbody ant-table-tbody-virtual">
          {before > 0 ? <tr style={{ height: before }} /> : null}
          {items.map((item) => {
            const row = rows[item.index];
            return row ? (
              <BodyRow
                key={row.id}
                row={row}
                sorting={sorting}
                index={item.index}
                measureRef={virtualizer.measureElement}
              />
            ) : null;
          })}
          {after > 0 ? <tr style={{ height: after }} /> : null}
        </tbody>
      </table>
    </div>
  );
}
