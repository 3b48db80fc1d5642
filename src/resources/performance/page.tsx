import {
  groupName,
  PERFORMANCE_GROUP_TEXT,
  PERFORMANCE_GROUPS,
  PERFORMANCE_MEASURES,
  type PerformanceGroup,
} from "@core/domain/performance";
import { Alert, Flex, Radio, Select, Skeleton, Typography } from "antd";
import { DatePicker } from "@/components/controls/date-picker";
import { fromDay, toDay } from "@/components/controls/date-picker/date-picker-state";
import { useInstantFormat } from "@/components/list/date-time-text";
import { useSeesSeveralCompanies } from "@/hooks/use-access";
import { readableError } from "@/providers/readable-error";
import { useCompanyOptions } from "@/resources/label-reports/filter-options";
import { DownloadCsv } from "./download-csv";
import { CHARTED_GROUPS, groupColor } from "./group-colors";
import { MeasureChart } from "./measure-chart";
import styles from "./performance.module.css";
import { PerformanceTable } from "./performance-table";
import { usePerformance, usePerformanceFilters } from "./use-performance";

const GROUP_OPTIONS = PERFORMANCE_GROUPS.map((value) => ({ value, label: PERFORMANCE_GROUP_TEXT[value] }));

/**
 * Lanes and carriers compared over a period: a chart per measure by month, a table of the
 * period's figures below. The period, grouping and company live in the address.
 */
export function PerformancePage() {
  const { filters, change } = usePerformanceFilters();
  const { answer, loading, error } = usePerformance(filters);
  const { locale } = useInstantFormat();
  const severalCompanies = useSeesSeveralCompanies();
  const companies = useCompanyOptions(severalCompanies);
  const rows = answer?.rows ?? [];
  const charted = rows.slice(0, CHARTED_GROUPS);
  return (
    <Flex vertical gap="middle" className={styles.page}>
      <div>
        <Typography.Title level={3}>Lane and carrier performance</Typography.Title>
        <Typography.Text type="secondary">
          Shipments departing in the period, by month (UTC): how often they had an alarm or incomplete data, how long
          they spent out of range and how long they took.
        </Typography.Text>
      </div>
      <Flex gap="small" wrap align="center">
        <DatePicker
          mode="range"
          aria-label="Period"
          className={styles.period}
          value={{ start: fromDay(filters.from), end: fromDay(filters.to) }}
          onChange={(range) => (range ? change({ from: toDay(range.start), to: toDay(range.end) }) : undefined)}
        />
        <Radio.Group
          aria-label="Group by"
          optionType="button"
          options={GROUP_OPTIONS}
          value={filters.groupBy}
          onChange={(event) => change({ groupBy: event.target.value as PerformanceGroup })}
        />
        {severalCompanies ? (
          <Select
            allowClear
            aria-label="Company"
            placeholder="All companies"
            className={styles.company}
            loading={companies.loading}
            options={companies.options}
            value={filters.companyId}
            onChange={(companyId: string | undefined) => change({ companyId: companyId ?? null })}
          />
        ) : null}
        <DownloadCsv filters={filters} />
      </Flex>
      {error ? (
        <Alert type="error" showIcon message="The figures could not be loaded" description={readableError(error)} />
      ) : null}
      {answer && charted.length > 0 ? (
        <>
          <ul className={styles.legend} aria-label="Chart legend">
            {charted.map((row, i) => (
              <li key={`${row.origin}|${row.destination}|${row.carrier}`}>
                <span className={styles.swatch} style={{ background: groupColor(i) }} />
                {groupName(row, filters.groupBy)}
              </li>
            ))}
          </ul>
          <div className={styles.charts}>
            {PERFORMANCE_MEASURES.map((measure) => (
              <MeasureChart
                key={measure}
                measure={measure}
                rows={charted}
                months={answer.months}
                groupBy={answer.groupBy}
                locale={locale}
              />
            ))}
          </div>
        </>
      ) : loading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : null}
      <PerformanceTable rows={rows} groupBy={filters.groupBy} locale={locale} loading={loading} />
    </Flex>
  );
}
