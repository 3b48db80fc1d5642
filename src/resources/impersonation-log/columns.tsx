import { createColumnHelper } from "@tanstack/react-table";
import { Typography } from "antd";
import { PlainTag } from "@/components/controls/plain-tag/plain-tag";
import { DateTimeText } from "@/components/list/date-time-text";
import type { ImpersonationLogEntry } from "../types";

const statusColor = (status: number) => (status >= 500 ? "error" : status >= 400 ? "warning" : "success");

const column = createColumnHelper<ImpersonationLogEntry>();

/** The impersonation trail: the server orders it newest first and takes no other order. */
export const IMPERSONATION_LOG_COLUMNS = [
  column.display({ id: "at", header: "When", cell: ({ row }) => <DateTimeText value={row.original.at} /> }),
  column.display({
    id: "impersonator",
    header: "Who",
    cell: ({ row }) => row.original.impersonatorEmail ?? "(deleted user)",
  }),
  column.display({ id: "user", header: "Acting as", cell: ({ row }) => row.original.userEmail ?? "(deleted user)" }),
  column.display({ id: "company", header: "Company", cell: ({ row }) => row.original.companyName ?? "—" }),
  column.display({
    id: "request",
    header: "Request",
    cell: ({ row }) => (
      <Typography.Text code>
        {row.original.method} {row.original.path}
      </Typography.Text>
    ),
  }),
  column.display({
    id: "status",
    header: "Status",
    meta: { align: "right" },
    cell: ({ row }) => <PlainTag color={statusColor(row.original.statusCode)}>{row.original.statusCode}</PlainTag>,
  }),
];
