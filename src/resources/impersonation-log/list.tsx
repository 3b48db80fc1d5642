import { formatDecimal } from "@core/domain/number-text";
import type { HttpError } from "@refinedev/core";
import { useTable } from "@refinedev/react-table";
import { Alert, Typography } from "antd";
import { useInstantFormat } from "@/components/list/date-time-text";
import { TitledPage } from "@/components/record/record-page";
import { DataTable } from "@/components/table/data-table";
import { readableError } from "@/providers/readable-error";
import type { ImpersonationLogEntry } from "../types";
import { IMPERSONATION_LOG_COLUMNS } from "./columns";

export const IMPERSONATION_LOG_ENDPOINT = "control-center/impersonation-log";
const PAGE_SIZE = 50;

/** Every request made while impersonating, newest first (system administrators). */
export function ImpersonationLog() {
  const { locale } = useInstantFormat();
  // The server pages the log but takes no filter or order (it refuses unknown parameters).
  const { reactTable, refineCore } = useTable<ImpersonationLogEntry, HttpError>({
    columns: IMPERSONATION_LOG_COLUMNS,
    getRowId: (entry) => entry.id,
    refineCoreProps: {
      resource: IMPERSONATION_LOG_ENDPOINT,
      pagination: { pageSize: PAGE_SIZE },
      sorters: { mode: "off" },
      filters: { mode: "off" },
      syncWithLocation: false,
    },
  });
  const { tableQuery, result } = refineCore;
  return (
    <TitledPage title="Impersonation log">
      <Typography.Paragraph type="secondary">
        Each request a system administrator made while acting as someone else: who, as whom, when, and what.
      </Typography.Paragraph>
      {tableQuery.isError ? (
        <Alert type="error" showIcon message="Could not load the log" description={readableError(tableQuery.error)} />
      ) : null}
      <DataTable
        table={reactTable}
        total={result.total ?? 0}
        loading={tableQuery.isFetching}
        pagination={{
          showSizeChanger: false,
          showTotal: (total) => `${formatDecimal(total, { locale })} ${total === 1 ? "request" : "requests"}`,
        }}
        size="small"
        emptyText="Nobody has impersonated anyone yet"
        scrollLabel="Impersonation log"
      />
    </TitledPage>
  );
}
