// @vitest-environment happy-dom
import {
  type ColumnDef,
  getCoreRowModel,
  type PaginationState,
  type SortingState,
  useReactTable,
} from "@tanstack/react-table";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, test } from "vitest";
import { DataTable, type DataTableProps } from "@/components/table/data-table";
import { setupControlsDom } from "./controls-dom";

interface Report {
  id: string;
  labelId: string;
}

const ROWS: Report[] = [
  { id: "r1", labelId: "LBL-1" },
  { id: "r2", labelId: "LBL-2" },
];

/** Definitions as a list builds them: new cell functions on every build (e.g. when custom fields arrive). */
function buildColumns(extra: string[] = []): ColumnDef<Report>[] {
  return [
    {
      id: "labelId",
      accessorFn: (report) => report.labelId,
      header: "Label ID",
      enableSorting: true,
      meta: { pinned: true },
      cell: ({ row }) => <a href={`/label-reports/${row.original.id}`}>{row.original.labelId}</a>,
    },
    { id: "count", header: "Readings", enableSorting: false, meta: { align: "right" }, cell: () => "12" },
    ...extra.map((name): ColumnDef<Report> => ({ id: name, header: name, enableSorting: false, cell: () => "—" })),
  ];
}

type Props = Omit<DataTableProps<Report>, "table"> & { columns?: ColumnDef<Report>[]; rows?: Report[] };

/** A server-paged table as the lists use it, its state shown for the assertions. */
function ReportTable({ columns = buildColumns(), rows = ROWS, ...props }: Props) {
  const [sorting, setSorting] = useState<SortingState>([]);
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 3, pageSize: 10 });
  const table = useReactTable({
    data: rows,
    columns,
    state: { sorting, pagination },
    onSortingChange: setSorting,
    onPaginationChange: setPagination,
    manualSorting: true,
    manualPagination: true,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (r) => r.id,
  });
  return (
    <>
      <output data-testid="state">{JSON.stringify({ sorting, pagination })}</output>
      <DataTable table={table} total={100} {...props} />
    </>
  );
}

const state = () => JSON.parse(screen.getByTestId("state").textContent ?? "{}");

setupControlsDom();

describe("a list's table", () => {
  test("shows one row per record under its column headers", () => {
    render(<ReportTable />);
    expect(screen.getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["Label ID", "Readings"]);
    expect(screen.getByRole("link", { name: "LBL-2" })).toBeTruthy();
    expect(document.querySelectorAll("tr.ant-table-row")).toHaveLength(2);
  });

  test("a table named for its scrolling is a region the keyboard can reach and scroll", () => {
    render(<ReportTable scrollLabel="Impersonation log" />);
    const region = screen.getByRole("region", { name: "Impersonation log" });
    expect(region.tabIndex).toBe(0);
    expect(region.querySelector("table")).toBeTruthy();
  });

  test("a click on a sortable header orders by it and goes back to page 1", () => {
    render(<ReportTable />);
    const header = screen.getByRole("columnheader", { name: "Label ID" });
    fireEvent.click(header);
    expect(state()).toEqual({ sorting: [{ id: "labelId", desc: false }], pagination: { pageIndex: 0, pageSize: 10 } });
    expect(header.getAttribute("aria-sort")).toBe("ascending");
  });

  test("a sortable header answers the keyboard too", () => {
    render(<ReportTable />);
    fireEvent.keyDown(screen.getByRole("columnheader", { name: "Label ID" }), { key: "Enter" });
    expect(state().sorting).toEqual([{ id: "labelId", desc: false }]);
  });

  test("a column that cannot be sorted does nothing on a click", () => {
    render(<ReportTable />);
    fireEvent.click(screen.getByRole("columnheader", { name: "Readings" }));
    expect(state().sorting).toEqual([]);
  });

  test("the pager shows the page TanStack holds and turns it", () => {
    render(<ReportTable />);
    const current = document.querySelector(".ant-pagination-item-active");
    expect(current?.textContent).toBe("4");
    fireEvent.click(screen.getByTitle("5"));
    expect(state().pagination).toEqual({ pageIndex: 4, pageSize: 10 });
  });

  test("a table without paging shows no pager", () => {
    render(<ReportTable pagination={false} />);
    expect(document.querySelector(".ant-pagination")).toBeNull();
  });

  test("with no records it shows no pager, so no '0 records' while a page loads", () => {
    render(<ReportTable rows={[]} total={0} />);
    expect(document.querySelector(".ant-pagination")).toBeNull();
  });

  test("without rows it says so in its own words", () => {
    render(<ReportTable rows={[]} emptyText="No API keys yet" />);
    expect(screen.getByText("No API keys yet")).toBeTruthy();
  });

  test("while loading the rows are dimmed under a spinner and take no click", () => {
    render(<ReportTable loading />);
    const row = document.querySelector("tr.ant-table-row");
    expect(row?.closest(".ant-spin-blur")).not.toBeNull();
    expect(document.querySelector(".ant-spin-spinning")).not.toBeNull();
  });

  test("a pinned first column and a right-aligned one carry their classes on every cell", () => {
    render(<ReportTable />);
    const firstRow = document.querySelector("tr.ant-table-row") as HTMLElement;
    const [labelCell, countCell] = within(firstRow).getAllByRole("cell");
    expect(labelCell?.className).toMatch(/pinned/);
    expect(countCell?.className).toMatch(/right/);
  });

  test("a row's link stays the same element when columns are added, so a click on its way is not lost", () => {
    const { rerender } = render(<ReportTable columns={buildColumns()} />);
    const before = screen.getByRole("link", { name: "LBL-1" });
    rerender(<ReportTable columns={buildColumns(["Batch"])} />);
    expect(screen.getByRole("columnheader", { name: "Batch" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "LBL-1" })).toBe(before);
    expect(before.isConnected).toBe(true);
  });

  test("a virtual page draws its rows in a scrolling box of its own", () => {
    render(<ReportTable virtual />);
    expect(document.querySelector(".ant-table-tbody-virtual-holder .ant-table-tbody-virtual")).not.toBeNull();
  });
});
