import { ATTENTION_LISTS, type AttentionList } from "@core/domain/needs-attention";
import { formatDecimal } from "@core/domain/number-text";
import { LABEL_STATUS_TEXT } from "@core/domain/resources";
import { timeAgo } from "@core/domain/time-ago";
import { Alert, Badge, Card, Empty, Flex, List, Skeleton, Typography } from "antd";
import { Link } from "react-router";
import { DateTimeText, useInstantFormat } from "@/components/list/date-time-text";
import { useSeesSeveralCompanies } from "@/hooks/use-access";
import { returnToState } from "@/layouts/panel-layout";
import { ViolationBadges } from "../label-reports/columns";
import { Shipment } from "../label-reports/shipment";
import styles from "./needs-attention.module.css";
import { attentionListLink, useAttentionList } from "./use-attention-list";

/** The "needs attention" page: short lists, each leading into the filtered report list. */
export function NeedsAttentionPage() {
  return (
    <Flex vertical gap="large" className={styles.page}>
      <div>
        <Typography.Title level={3}>Needs attention</Typography.Title>
        <Typography.Text type="secondary">
          What to look at first: decisions to sign, labels gone quiet and alarms raised now.
        </Typography.Text>
      </div>
      <div className={styles.lists}>
        {ATTENTION_LISTS.map((list) => (
          <AttentionCard key={list.key} list={list} />
        ))}
      </div>
    </Flex>
  );
}

function AttentionCard({ list }: { list: AttentionList }) {
  const { rows, count, loading, unavailable, failed } = useAttentionList(list);
  const { locale } = useInstantFormat();
  const severalCompanies = useSeesSeveralCompanies();
  const link = attentionListLink(list);
  const search = link.slice("/label-reports".length);
  return (
    <Card
      className={styles.card}
      aria-label={list.title}
      data-testid={`attention-${list.key}`}
      title={
        <Flex align="center" gap="small">
          <span className={styles.cardTitle}>{list.title}</span>
          {count !== null ? (
            <Badge count={count} showZero overflowCount={999} color={count ? "#c4320a" : "#52646f"} />
          ) : null}
        </Flex>
      }
    >
      <Typography.Paragraph type="secondary" className={styles.description}>
        {list.description}
      </Typography.Paragraph>
      {loading ? (
        <Skeleton active paragraph={{ rows: 3 }} title={false} />
      ) : unavailable ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Not available yet" />
      ) : failed ? (
        <Alert type="warning" showIcon message="This list could not be loaded" />
      ) : rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={list.empty} />
      ) : (
        <List
          size="small"
          dataSource={rows}
          renderItem={(report) => (
            <List.Item key={report.id}>
              <Flex vertical gap={2} className={styles.row}>
                <Flex justify="space-between" gap="small" wrap>
                  <Link to={`/label-reports/${report.id}${search}`} state={returnToState("/needs-attention")}>
                    <strong>{report.labelId}</strong>
                  </Link>
                  <ViolationBadges report={report} />
                </Flex>
                <Typography.Text type="secondary" className={styles.meta}>
                  {severalCompanies && report.companyName ? `${report.companyName} · ` : ""}
                  <Shipment
                    origin={report.origin}
                    destination={report.destination}
                    transportMode={report.transportMode}
                  />
                </Typography.Text>
                <Typography.Text type="secondary" className={styles.meta}>
                  {list.key === "awaitingDecision" && report.endTime ? (
                    <>
                      {LABEL_STATUS_TEXT[report.status]} <DateTimeText value={report.endTime} />
                    </>
                  ) : report.lastReadingAt ? (
                    `Last reading ${timeAgo(report.lastReadingAt, Date.now())}`
                  ) : (
                    "No reading yet"
                  )}
                </Typography.Text>
              </Flex>
            </List.Item>
          )}
        />
      )}
      {count ? (
        <div className={styles.showAll}>
          <Link to={link}>Show all {formatDecimal(count, { locale })} in the report list</Link>
        </div>
      ) : null}
    </Card>
  );
}
