import { type HttpError, useList } from "@refinedev/core";
import { Alert, Table, Tag, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useState } from "react";
import { DateTimeText, useInstantFormat } from "@/components/list/date-time-text";
import { TitledPage } from "@/components/record/record-page";
import { formatDecimal } from "@/domain/number-text";
import { readableError } from "@/providers/data-provider";
import type { ImpersonationLogEntry } from "../types";

export const IMPERSONATION_LOG_ENDPOINT = "control-center/impersonation-log";
const PAGE_SIZE = 50;

const statusColor = (status: number) => (status >= 500 ? "error" : status >= 400 ? "warning" : "success");

const columns: ColumnsType<ImpersonationLogEntry> = [
  { key: "at", title: "When", render: (_, row) => <DateTimeText value={row.at} /> },
  { key: "impersonator", title: "Who", render: (_, row) => row.impersonatorEmail ?? "(deleted user)" },
  { key: "user", title: "Acting as", render: (_, row) => row.userEmail ?? "(deleted user)" },
  { key: "company", title: "Company", render: (_, row) => row.companyName ?? "—" },
  {
    key: "request",
    title: "Request",
    render: (_, row) => (
      <Typography.Text code>
        {row.method} {row.path}
      </Typography.Text>
    ),
  },
  {
    key: "status",
    title: "Status",
    align: "right",
    render: (_, row) => <Tag color={statusColor(row.statusCode)}>{row.statusCode}</Tag>,
  },
];

/** Every request made while impersonating, newest first (system administrators). */
export function ImpersonationLog() {
  const [page, setPage] = useState(1);
  const { locale } = useInstantFormat();
  const { query, result } = useList<ImpersonationLogEntry, HttpError>({
    resource: IMPERSONATION_LOG_ENDPOINT,
    pagination: { currentPage: page, pageSize: PAGE_SIZE },
  });
  return (
    <TitledPage title="Impersonation log">
      <Typography.Paragraph type="secondary">
        Each request a system administrator made while acting as someone else: who, as whom, when, and what.
      </Typography.Paragraph>
      {query.isError ? (
        <Alert type="error" showIcon message="Could not load the log" description={readableError(query.error)} />
      ) : null}
      <Table<ImpersonationLogEntry>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={result.data}
        loading={query.isFetching}
        locale={{ emptyText: "Nobody has impersonated anyone yet" }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: result.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
          showTotal: (total) => `${formatDecimal(total, { locale })} ${total === 1 ? "request" : "requests"}`,
        }}
      />
    </TitledPage>
  );
}
