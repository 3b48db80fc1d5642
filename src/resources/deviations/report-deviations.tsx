import { type HttpError, useList } from "@refinedev/core";
import { Alert, Empty, Flex, List, Skeleton, Typography } from "antd";
import { Link } from "react-router";
import type { ListQueryMeta } from "@/providers/data-provider";
import { readableError } from "@/providers/readable-error";
import { RESOURCE } from "@/resources/names";
import type { Deviation } from "../types";
import { DeviationStateTag } from "./columns";

/** A report's deviations at most: more than a report ever has. */
const REPORT_DEVIATIONS = 50;

/** The deviations of one report, newest first (the report overlay, the signing dialog). */
export function useReportDeviations(reportId: string) {
  return useList<Deviation, HttpError>({
    resource: RESOURCE.deviations,
    meta: {
      listQuery: {
        filters: [{ key: "reportId", operator: "eq", value: reportId }],
        pageNumber: 1,
        pageSize: REPORT_DEVIATIONS,
      },
    } satisfies ListQueryMeta,
    errorNotification: false,
  });
}

/** The report overlay's "Deviations" section: each with its number, state and title, linked to its page. */
export function ReportDeviations({ reportId }: { reportId: string }) {
  const { result, query } = useReportDeviations(reportId);
  if (query.isLoading) return <Skeleton active paragraph={{ rows: 1 }} title={false} />;
  if (query.isError) return <Alert type="warning" showIcon message={readableError(query.error)} />;
  if (result.data.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No deviation is open on this report" />;
  return (
    <List
      size="small"
      aria-label="Deviations of the report"
      dataSource={result.data}
      renderItem={(deviation) => (
        <List.Item key={deviation.id}>
          <Flex vertical gap={2}>
            <Flex gap="small" align="center" wrap>
              <Link to={`/deviations/${encodeURIComponent(deviation.id)}`}>
                <strong>{deviation.number}</strong>
              </Link>
              <DeviationStateTag state={deviation.state} />
              <span>{deviation.title}</span>
            </Flex>
            {deviation.closedByName ? (
              <Typography.Text type="secondary">Closed by {deviation.closedByName}</Typography.Text>
            ) : null}
          </Flex>
        </List.Item>
      )}
    />
  );
}
