import { DownloadOutlined, InboxOutlined } from "@ant-design/icons";
import { noDataPeriods } from "@core/domain/completeness-text";
import { formatDecimal } from "@core/domain/number-text";
import { ruleLimits } from "@core/domain/report-rule";
import { LABEL_STATUS_TEXT } from "@core/domain/resources";
import { timeAgo } from "@core/domain/time-ago";
import { type HttpError, useOne, useUpdate } from "@refinedev/core";
import { useQueryClient } from "@tanstack/react-query";
import { Alert, Button, Result, Skeleton, Space, Tag, Typography } from "antd";
import { useDeferredValue, useEffect, useMemo, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { DataTabs } from "@/components/controls/data-tabs/data-tabs";
import { HoverTooltip } from "@/components/controls/tooltip/hover-tooltip";
import { DateTimeText, useInstantFormat } from "@/components/list/date-time-text";
import { lazyComponent } from "@/components/routing/lazy-component";
import { useAccess, useSeesSeveralCompanies } from "@/hooks/use-access";
import { useKnownTemperatureUnit, useTemperatureUnit } from "@/hooks/use-display-preferences";
import { LabelReportPanelLayout } from "@/layouts/panel-layout";
import { readableError } from "@/providers/readable-error";
import { ReportAlarms } from "@/resources/alarms/report-alarms";
import { useCustomFieldDefinitions } from "@/resources/custom-fields/use-custom-field-definitions";
import { OpenDeviationButton } from "@/resources/deviations/open-dialog";
import { ReportDeviations } from "@/resources/deviations/report-deviations";
import { RESOURCE } from "@/resources/names";
import { ShipmentBudgetSection } from "@/resources/products/shipment-budget-section";
import { STATUS_COLORS } from "./columns";
import { isStillRecording } from "./recording-end";
import { ArchiveDialog } from "./report/archive-dialog";
import { BandsTable, hasBands } from "./report/bands-section";
import { CompletenessDetails } from "./report/completeness-section";
import { DetailsSection } from "./report/details-section";
import { DispositionDetails, SignDispositionButton } from "./report/disposition-section";
import styles from "./report/report.module.css";
import { dataTabsOf, isSummary } from "./report/report-format";
import {
  auditTrailKey,
  type LabelReportDetail,
  useAuditTrail,
  useReadingSeries,
  useShockEvents,
} from "./report/report-queries";
import { AuditTrail, Battery, Section, ShockEvents, StatisticsTable, SummaryCards } from "./report/report-sections";
import { ShareLinksSection } from "./report/share-links-section";
import { Shipment } from "./shipment";
import { TrimPanel } from "./trim/trim-panel";
import { type TrimWindow, trimScale } from "./trim/trim-window";

// uPlot and the download dialog load only when a report opens / the dialog is asked for.
const ReportChart = lazyComponent(
  async () => (await import("./chart/report-chart")).ReportChart,
  <Skeleton.Node active style={{ width: "100%", height: 300 }} />,
);
const DownloadDialog = lazyComponent(async () => (await import("./download/download-dialog")).DownloadDialog);

/** Marked when the overlay mounts; the bench measures from here to CHART_PAINTED_MARK. */
export const OVERLAY_OPEN_MARK = "report-overlay-open";

/** A label report, in the wide panel over the list (the list keeps its scroll position). */
export function LabelReportShow() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const { query, result: report } = useOne<LabelReportDetail, HttpError>({
    resource: RESOURCE.labelReports,
    id,
    queryOptions: { enabled: id !== "" },
    // The panel says what went wrong; a toast with a status code beside it says it twice.
    errorNotification: false,
  });
  const can = useAccess();
  const [downloading, setDownloading] = useState(false);
  useEffect(() => {
    performance.mark(OVERLAY_OPEN_MARK, { detail: { reportId: id } });
  }, [id]);
  // The chart's readings and code, fetched beside the report instead of after its body
  // has rendered (the whole window: what the body and the unzoomed chart ask for).
  useReadingSeries(id, null);
  // The unit the report reads in, asked beside it: never drawn in °C and redrawn in °F.
  const unitKnown = useKnownTemperatureUnit() !== undefined;
  useEffect(() => {
    void import("./chart/report-chart").catch(() => {
      // The chart's own import (lazyComponent) retries and shows the error.
    });
  }, []);

  const title = report ? (
    // One line on a phone: the words give way (an ellipsis, the whole in the tooltip), the label ID and tags stay.
    <Space className={styles.panelTitle}>
      <span className={styles.panelTitleText} title={`Label report ${report.labelId}`}>
        Label report {report.labelId}
      </span>
      <Tag color={STATUS_COLORS[report.status]}>{LABEL_STATUS_TEXT[report.status]}</Tag>
      {report.isArchived ? <Tag>Archived</Tag> : null}
    </Space>
  ) : (
    "Label report"
  );
  const extra = report ? (
    <Space>
      {can({ action: "update", subject: "labelReport" }) ? <ArchiveButton report={report} /> : null}
      <Button type="primary" icon={<DownloadOutlined />} onClick={() => setDownloading(true)}>
        Download
      </Button>
    </Space>
  ) : null;

  return (
    // Keyed by report: React may keep this overlay alive from one report into the next (one
    // closed and another opened before the list rendered alone); a new report is a new panel.
    <LabelReportPanelLayout key={id} title={title} closeTo="/label-reports" extra={extra}>
      {query.isError && query.error?.statusCode === 404 ? (
        <Result
          status="404"
          title="Report not found"
          subTitle="No label report with this address: it may have been deleted, or it belongs to a company you are not signed in to."
          extra={
            <Button type="primary" onClick={() => navigate("/label-reports")}>
              Back to label reports
            </Button>
          }
        />
      ) : query.isError ? (
        <Alert type="error" showIcon message="Could not load this report" description={readableError(query.error)} />
      ) : !report || !unitKnown ? (
        <Skeleton active paragraph={{ rows: 12 }} />
      ) : (
        <ReportBody report={report} />
      )}
      {report && downloading ? (
        <DownloadDialog
          reportId={report.id}
          labelId={report.labelId}
          open={downloading}
          onClose={() => setDownloading(false)}
        />
      ) : null}
    </LabelReportPanelLayout>
  );
}

function ArchiveButton({ report }: { report: LabelReportDetail }) {
  const { mutate, mutation } = useUpdate<LabelReportDetail>();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const change = (values: { isArchived: boolean; reason?: string }, onDone?: () => void) =>
    mutate(
      {
        resource: RESOURCE.labelReports,
        id: report.id,
        values,
        successNotification: () => ({
          type: "success",
          message: report.isArchived ? "Report restored from the archive" : "Report archived",
        }),
      },
      // Refine refreshes the record and the list; the audit trail is ours to refresh.
      {
        onSuccess: () => {
          onDone?.();
          return queryClient.invalidateQueries({ queryKey: auditTrailKey(report.id) });
        },
      },
    );
  return (
    <>
      <Button
        icon={<InboxOutlined />}
        loading={mutation.isPending && !asking}
        onClick={() => (report.isArchived ? change({ isArchived: false }) : setAsking(true))}
      >
        {report.isArchived ? "Unarchive" : "Archive"}
      </Button>
      {asking ? (
        <ArchiveDialog
          report={report}
          pending={mutation.isPending}
          onCancel={() => setAsking(false)}
          onArchive={(reason) => change({ isArchived: true, reason }, () => setAsking(false))}
        />
      ) : null}
    </>
  );
}

function ReportBody({ report }: { report: LabelReportDetail }) {
  const temperatureUnit = useTemperatureUnit();
  const { timeZone, locale } = useInstantFormat();
  const can = useAccess();
  const severalCompanies = useSeesSeveralCompanies();
  const summary = isSummary(report.summary) ? report.summary : null;
  // The report's own rule, not the preset: a later edit never moves its limits, and a
  // role that may not read presets still sees them.
  const rule = report.rule ?? null;
  const shocks = useShockEvents(report.id, summary?.shock.measured ?? false);
  const audit = useAuditTrail(report.id);
  // The report's own company's fields (a distributor also sees its sub-companies' reports).
  const customFields = useCustomFieldDefinitions(report.companyId);
  const customFieldNames = useMemo(
    () => Object.fromEntries(customFields.definitions.map((d) => [d.key, d.name])),
    [customFields.definitions],
  );
  // The whole report's extent (first and last reading), shared with the chart's unzoomed query.
  const extent = useReadingSeries(report.id, null);
  const interval = report.intervalMinutes ?? rule?.intervalMinutes ?? 10;
  const scale = extent.data ? trimScale(extent.data.from, extent.data.to, interval) : null;
  const trim = { start: report.trimStart ?? null, end: report.trimEnd ?? null };
  // The trim panel's unsaved window, previewed on the chart until it is saved or dropped.
  const [trimDraft, setTrimDraft] = useState<TrimWindow | null>(null);
  const tabs = dataTabsOf(summary);
  const noData = useMemo(() => (summary ? noDataPeriods(summary) : []), [summary]);
  // The sections under the chart render in a second, interruptible pass: opening a report,
  // the header, summary and chart are what the user waits for, and the tables below (the
  // statistics, shocks, audit trail) would otherwise be rendered before the chart can draw.
  const showAll = useDeferredValue(true, false);

  return (
    <div className={styles.overlay}>
      <dl className={styles.header} aria-label="Shipment">
        <div>
          <dt>Shipment</dt>
          <dd>
            <Shipment origin={report.origin} destination={report.destination} transportMode={report.transportMode} />
          </dd>
        </div>
        {severalCompanies ? (
          <div>
            <dt>Company</dt>
            <dd data-testid="report-company">{report.companyName}</dd>
          </div>
        ) : null}
        <div>
          <dt>Reference</dt>
          <dd>{report.reference || "—"}</dd>
        </div>
        <div>
          <dt>Preset</dt>
          <dd title={rule ? `Version ${rule.presetVersion} of the preset, as the report kept it` : undefined}>
            {rule?.presetName ?? report.presetName ?? "—"}
          </dd>
        </div>
        <div>
          <dt>Start</dt>
          <dd data-testid="report-start">{report.startTime ? <DateTimeText value={report.startTime} /> : "—"}</dd>
        </div>
        {isStillRecording(report.status) ? (
          <>
            <div>
              <dt>End</dt>
              <dd data-testid="report-end">{report.status === "recording" ? "Recording" : "Not started"}</dd>
            </div>
            {report.endTime ? (
              <div>
                <dt>Planned end</dt>
                <dd data-testid="report-planned-end">
                  <DateTimeText value={report.endTime} />
                </dd>
              </div>
            ) : null}
          </>
        ) : (
          <div>
            <dt>End</dt>
            <dd data-testid="report-end">{report.endTime ? <DateTimeText value={report.endTime} /> : "—"}</dd>
          </div>
        )}
        <div>
          <dt>Last reading</dt>
          <dd data-testid="report-last-reading">
            {report.lastReadingAt ? (
              <>
                <HoverTooltip title={<DateTimeText value={report.lastReadingAt} />}>
                  <span>{timeAgo(report.lastReadingAt, Date.now())}</span>
                </HoverTooltip>
                {report.noSignal ? (
                  <Tag color="volcano" style={{ marginInlineStart: 8 }} data-no-signal="true">
                    No signal
                  </Tag>
                ) : null}
              </>
            ) : (
              "—"
            )}
          </dd>
        </div>
        <div>
          <dt>Readings</dt>
          <dd>
            {formatDecimal(summary?.readingCount ?? report.readingCount ?? 0, { locale })} every {interval} min
          </dd>
        </div>
        {trim.start || trim.end ? (
          // Every reader sees that only a window is judged, and who decided it, when and why.
          <div data-testid="report-trim">
            <dt>Trimmed</dt>
            <dd>
              {trim.start ? <DateTimeText value={trim.start} /> : "first reading"} to{" "}
              {trim.end ? <DateTimeText value={trim.end} /> : "last reading"}
              {report.trimSetBy ? ` · by ${report.trimSetBy.name}` : null}
              {report.trimSetAt ? (
                <>
                  {" on "}
                  <DateTimeText value={report.trimSetAt} />
                </>
              ) : null}
              {report.trimReason ? ` · ${report.trimReason}` : null}
            </dd>
          </div>
        ) : null}
      </dl>

      {summary ? (
        <Section title="Summary">
          <SummaryCards summary={summary} temperatureUnit={temperatureUnit} />
        </Section>
      ) : (
        <Alert type="info" showIcon message="This report has no readings yet" />
      )}

      <ShipmentBudgetSection
        shipmentId={report.shipmentId}
        render={(content) => <Section title="Stability budget">{content}</Section>}
      />

      {summary && tabs.length > 0 ? (
        <Section title="Readings">
          {trimDraft ? (
            <Typography.Text type="warning" data-testid="chart-trim-preview">
              Previewing the unsaved evaluation window: readings outside it are dimmed.
            </Typography.Text>
          ) : null}
          <DataTabs tabs={tabs}>
            {(tab) => (
              <ReportChart
                reportId={report.id}
                unit={tab.key as "temperature" | "humidity"}
                intervalMinutes={interval}
                {...ruleLimits(rule, tab.key as "temperature" | "humidity")}
                temperatureUnit={temperatureUnit}
                timeZone={timeZone}
                locale={locale}
                trim={trimDraft ?? trim}
                noData={noData}
              />
            )}
          </DataTabs>
        </Section>
      ) : null}

      {summary?.completeness ? (
        <Section title="Data completeness">
          <CompletenessDetails summary={summary} />
        </Section>
      ) : null}

      {showAll ? (
        <>
          {scale && can({ action: "trim", subject: "labelReport" }) ? (
            <Section title="Evaluation window">
              <TrimPanel
                reportId={report.id}
                labelId={report.labelId}
                scale={scale}
                window={trim}
                draft={trimDraft}
                onDraftChange={setTrimDraft}
                decision={{
                  reason: report.trimReason ?? null,
                  setBy: report.trimSetBy ?? null,
                  setAt: report.trimSetAt ?? null,
                }}
              />
            </Section>
          ) : null}

          {summary ? (
            <Section title="Statistics">
              <StatisticsTable summary={summary} temperatureUnit={temperatureUnit} />
            </Section>
          ) : null}

          {summary && hasBands(summary) ? (
            <Section title="Limit bands">
              <BandsTable summary={summary} temperatureUnit={temperatureUnit} />
            </Section>
          ) : null}

          {summary?.shock.measured ? (
            <Section title="Shock events">
              <ShockEvents events={shocks.data} threshold={rule?.shockThresholdG ?? null} loading={shocks.isPending} />
            </Section>
          ) : null}

          {summary ? (
            <Section title="Battery">
              <Battery summary={summary} warningLevel={rule?.batteryWarningLevel ?? null} />
            </Section>
          ) : null}

          <Section title="Alarms">
            <ReportAlarms reportId={report.id} />
          </Section>

          <Section
            title="Deviations"
            extra={<OpenDeviationButton reportId={report.id} labelId={report.labelId} size="small" />}
          >
            <ReportDeviations reportId={report.id} />
          </Section>

          <Section title="Disposition" extra={<SignDispositionButton report={report} />}>
            <DispositionDetails report={report} />
          </Section>

          <ShareLinksSection reportId={report.id} />

          <Section title="Details">
            <DetailsSection
              report={report}
              definitions={customFields.definitions}
              editable={can({ action: "update", subject: "labelReport" })}
            />
          </Section>

          <Section title="Audit trail">
            <AuditTrail entries={audit.data} loading={audit.isPending} customFieldNames={customFieldNames} />
          </Section>
        </>
      ) : null}
    </div>
  );
}
