// @vitest-environment jsdom
import { type ColumnDef, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { render, screen } from "@testing-library/react";
import { Table } from "antd";
import { describe, expect, test } from "vitest";
import { useAntdTableProps } from "@/components/table/antd-table-props";
import { setupControlsDom } from "./controls-dom";

interface Report {
  id: string;
  labelId: string;
}

const ROWS: Report[] = [{ id: "r1", labelId: "LBL-1" }];

/** Definitions as a list builds them: new cell functions on every build (e.g. when custom fields arrive). */
function buildColumns(extra: string[]): ColumnDef<Report>[] {
  return [
    {
      id: "labelId",
      header: "Label ID",
      cell: ({ row }) => <a href={`/label-reports/${row.original.id}`}>{row.original.labelId}</a>,
    },
    ...extra.map((name): ColumnDef<Report> => ({ id: name, header: name, cell: () => "—" })),
  ];
}

function ReportTable({ columns }: { columns: ColumnDef<Report>[] }) {
  const table = useReactTable({ data: ROWS, columns, getCoreRowModel: getCoreRowModel(), getRowId: (r) => r.id });
  return <Table {...useAntdTableProps(table)} />;
}

setupControlsDom();

describe("the list's cells across a change of its columns", () => {
  test("a row's link stays the same element when columns are added, so a click on its way is not lost", () => {
    const { rerender } = render(<ReportTable columns={buildColumns([])} />);
    const before = screen.getByRole("link", { name: "LBL-1" });
    rerender(<ReportTable columns={buildColumns(["Batch"])} />);
    expect(screen.getByRole("columnheader", { name: "Batch" })).toBeTruthy();
    const after = screen.getByRole("link", { name: "LBL-1" });
    expect(after).toBe(before);
    expect(before.isConnected).toBe(true);
  });
});
