import { CaretDownOutlined, CaretUpOutlined } from "@ant-design/icons";
import type { Cell, Header, Row, SortingState } from "@tanstack/react-table";
import type { KeyboardEvent, ReactNode } from "react";
import styles from "./data-table.module.css";
import { ariaSortOf, sortingAfterClick } from "./sorting-cycle";

/** The header and body cells of a DataTable, with antd's table classes. */

function cellClass(sorted: boolean, pinned: boolean, align: "right" | undefined): string {
  let name = "ant-table-cell";
  if (sorted) name += " ant-table-column-sort";
  if (pinned) name += ` ${styles.pinned}`;
  if (align === "right") name += ` ${styles.right}`;
  return name;
}

/** Only the first column can be pinned: it sticks at the box's left edge. */
const pinnedAt = (index: number, pinned: boolean | undefined) => index === 0 && pinned === true;

export function HeaderRow<T>({ headers, sorting }: { headers: Header<T, unknown>[]; sorting: SortingState }) {
  return (
    <thead className="ant-table-thead">
      <tr>
        {headers.map((header, index) => (
          <HeaderCell key={header.id} header={header} sorting={sorting} index={index} />
        ))}
      </tr>
    </thead>
  );
}

function HeaderCell<T>({
  header,
  sorting,
  index,
}: {
  header: Header<T, unknown>;
  sorting: SortingState;
  index: number;
}) {
  const { column } = header;
  const def = column.columnDef;
  const pinned = pinnedAt(index, def.meta?.pinned);
  const title = typeof def.header === "function" ? def.header(header.getContext()) : def.header;
  if (!column.getCanSort())
    return (
      <th scope="col" className={cellClass(false, pinned, def.meta?.align)}>
        {title}
      </th>
    );
  const order = ariaSortOf(sorting, column.id);
  const sort = () => {
    const table = header.getContext().table;
    table.setSorting(sortingAfterClick(table.getState().sorting, column.id));
    // A change of order starts again at page 1, as every change of the list does.
    table.setPageIndex(0);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    event.preventDefault();
    sort();
  };
  return (
    <th
      scope="col"
      tabIndex={0}
      aria-sort={order}
      className={`${cellClass(order !== "none", pinned, def.meta?.align)} ant-table-column-has-sorters`}
      onClick={sort}
      onKeyDown={onKeyDown}
    >
      <div className="ant-table-column-sorters">
        <span className="ant-table-column-title">{title}</span>
        <span className="ant-table-column-sorter ant-table-column-sorter-full">
          <span className="ant-table-column-sorter-inner" aria-hidden="true">
            <CaretUpOutlined className={`ant-table-column-sorter-up${order === "ascending" ? " active" : ""}`} />
            <CaretDownOutlined className={`ant-table-column-sorter-down${order === "descending" ? " active" : ""}`} />
          </span>
        </span>
      </div>
    </th>
  );
}

export interface BodyRowProps<T> {
  row: Row<T>;
  sorting: SortingState;
  /** The virtual page measures each row it draws (`data-index` names the row). */
  measureRef?: ((element: HTMLTableRowElement | null) => void) | undefined;
  index?: number;
}

export function BodyRow<T>({ row, sorting, measureRef, index }: BodyRowProps<T>) {
  return (
    <tr className="ant-table-row ant-table-row-level-0" data-row-key={row.id} ref={measureRef} data-index={index}>
      {row.getVisibleCells().map((cell, at) => (
        <td
          key={cell.id}
          className={cellClass(
            sorting.some((s) => s.id === cell.column.id),
            pinnedAt(at, cell.column.columnDef.meta?.pinned),
            cell.column.columnDef.meta?.align,
          )}
        >
          {renderCell(cell)}
        </td>
      ))}
    </tr>
  );
}

/**
 * A cell's definition is called as a render function, not mounted as a component (as
 * `flexRender` would): the definitions are rebuilt when the columns change (the custom fields
 * arriving after the rows), and a new function is a new component type to React, so every
 * cell of the page would be created again, its links replaced under a click on its way.
 * Cells return elements; one that needs hooks renders a component of its own.
 */
function renderCell<T>(cell: Cell<T, unknown>): ReactNode {
  const template = cell.column.columnDef.cell;
  return typeof template === "function" ? (template(cell.getContext()) as ReactNode) : (template ?? null);
}
