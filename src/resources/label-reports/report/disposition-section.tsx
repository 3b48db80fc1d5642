import { SafetyCertificateOutlined } from "@ant-design/icons";
import {
  canBeDisposed,
  DISPOSITION_LABELS,
  type SignedDisposition,
  SUPERSEDING_CHANGE_TEXT,
} from "@core/domain/disposition";
import { VERDICT_TEXT } from "@core/domain/report-summary";
import { Alert, Button, Descriptions, Empty, Space, Tag, Typography } from "antd";
import { useState } from "react";
import { HoverTooltip } from "@/components/controls/tooltip/hover-tooltip";
import { showSnackbar } from "@/components/global/snackbars/snackbar-store";
import { DateTimeText } from "@/components/list/date-time-text";
import { lazyComponent } from "@/components/routing/lazy-component";
import { useAccess } from "@/hooks/use-access";
import { useSessionSummary } from "@/hooks/use-session";
import { DISPOSITION_COLORS } from "../columns";
import type { LabelReportDetail } from "./report-queries";

const DispositionDialog = lazyComponent(async () => (await import("./disposition-dialog")).DispositionDialog);

function Signature({ signed }: { signed: SignedDisposition }) {
  return (
    <Descriptions size="small" column={1} bordered>
      <Descriptions.Item label="Disposition">
        <Tag color={DISPOSITION_COLORS[signed.value]}>{DISPOSITION_LABELS[signed.value]}</Tag>
        {signed.meaning}
      </Descriptions.Item>
      <Descriptions.Item label="Signed by">
        {signed.signedBy.name} ({signed.signedBy.email})
      </Descriptions.Item>
      <Descriptions.Item label="Signed at">
        <DateTimeText value={signed.signedAt} zone />
      </Descriptions.Item>
      {signed.comment ? <Descriptions.Item label="Comment">{signed.comment}</Descriptions.Item> : null}
      {signed.verdict ? (
        <Descriptions.Item label="Verdict signed">{VERDICT_TEXT[signed.verdict]}</Descriptions.Item>
      ) : null}
      {signed.contentHash ? (
        <Descriptions.Item label="Record signed">
          <Typography.Text code copyable={{ text: signed.contentHash }} title="SHA-256 of the record as signed">
            {signed.contentHash.slice(0, 16)}…
          </Typography.Text>
        </Descriptions.Item>
      ) : null}
      {signed.supersededAt && signed.supersededBy ? (
        <Descriptions.Item label="No longer stands">
          Changed after signature: {SUPERSEDING_CHANGE_TEXT[signed.supersededBy]},{" "}
          <DateTimeText value={signed.supersededAt} zone />
        </Descriptions.Item>
      ) : null}
    </Descriptions>
  );
}

/** The "Sign disposition" button: for those with labelReport approve, on an ended report, never while impersonating. */
export function SignDispositionButton({ report }: { report: LabelReportDetail }) {
  const can = useAccess();
  const { impersonating } = useSessionSummary();
  const [open, setOpen] = useState(false);
  if (!can({ action: "approve", subject: "labelReport" }) || !canBeDisposed(report.status)) return null;
  const button = (
    <Button icon={<SafetyCertificateOutlined />} disabled={impersonating} onClick={() => setOpen(true)}>
      {report.dispositionHistory?.length ? "Sign a new disposition" : "Sign disposition"}
    </Button>
  );
  return (
    <>
      {impersonating ? (
        <HoverTooltip title="A disposition is the signer's own signature: it cannot be signed while impersonating">
          <span>{button}</span>
        </HoverTooltip>
      ) : (
        button
      )}
      {open ? (
        <DispositionDialog
          report={report}
          open={open}
          onClose={() => setOpen(false)}
          onSigned={(value) => {
            setOpen(false);
            showSnackbar({ type: "success", title: `Signed: ${DISPOSITION_LABELS[value]}` });
          }}
        />
      ) : null}
    </>
  );
}

/**
 * The disposition that stands with its signature, and the superseded ones below it. A
 * signature a change to the record superseded heads the list with a warning: the
 * decision must be made again.
 */
export function DispositionDetails({ report }: { report: LabelReportDetail }) {
  const history = report.dispositionHistory ?? [];
  const standing = report.disposition;
  const changed = !standing ? history[0] : undefined;
  if (!standing && !changed)
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={canBeDisposed(report.status) ? "No disposition signed yet" : "Signed once the label has ended"}
      />
    );
  const superseded = standing ? history.slice(1) : history;
  return (
    <Space direction="vertical" style={{ width: "100%" }} data-testid="disposition-current">
      {changed?.supersededBy ? (
        <Alert
          type="warning"
          showIcon
          data-testid="changed-after-signature"
          message="Changed after signature"
          description={`The record changed after it was signed ${DISPOSITION_LABELS[changed.value]}: ${SUPERSEDING_CHANGE_TEXT[changed.supersededBy]}. That signature no longer stands; sign a new disposition.`}
        />
      ) : null}
      {standing ? <Signature signed={standing} /> : null}
      {superseded.length ? (
        <>
          <Typography.Text type="secondary">Superseded</Typography.Text>
          <div data-testid="disposition-superseded">
            {superseded.map((signed) => (
              <Signature key={`${signed.signedAt}-${signed.signedBy.id}`} signed={signed} />
            ))}
          </div>
        </>
      ) : null}
    </Space>
  );
}
