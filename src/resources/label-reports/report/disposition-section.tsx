import { SafetyCertificateOutlined } from "@ant-design/icons";
import { canBeDisposed, DISPOSITION_LABELS, type SignedDisposition } from "@core/domain/disposition";
import { Button, Descriptions, Empty, Space, Tag, Typography } from "antd";
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

/** The disposition in force with its signature, and the superseded ones below it. */
export function DispositionDetails({ report }: { report: LabelReportDetail }) {
  const current = report.dispositionHistory?.[0];
  const superseded = report.dispositionHistory?.slice(1) ?? [];
  if (!current)
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={canBeDisposed(report.status) ? "No disposition signed yet" : "Signed once the label has ended"}
      />
    );
  return (
    <Space direction="vertical" style={{ width: "100%" }} data-testid="disposition-current">
      <Signature signed={current} />
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
