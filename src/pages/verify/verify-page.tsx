import { InboxOutlined } from "@ant-design/icons";
import { formatInstant, timeZoneAbbreviation } from "@core/domain/datetime";
import { type RecordVerdict, verifyRecord } from "@core/record/verify-record";
import { Alert, Descriptions, Space, Spin, Typography, Upload } from "antd";
import { useEffect, useState } from "react";
import { APP_TITLE } from "@/providers/document-title";
import { useShareDisplay } from "../share/share-preferences";
import { sha256Hex } from "./sha256";

/**
 * The public /verify page: drop a record document or a report PDF; the browser finds the
 * content hash (docs/record-format.md), asks the server whether it issued it, and checks
 * the server's signature with its published keys (core/record/verify-record.ts).
 */

type When = (value: string | Date) => string;

/** Times as the share page writes them: the viewer's saved preferences, else the browser's locale and zone. */
function useWhen(): When {
  const { locale, timeZone } = useShareDisplay(null);
  return (value) =>
    `${formatInstant(value, { timeZone, locale })} ${timeZoneAbbreviation(timeZone, new Date(value), locale)}`;
}

async function getJson(path: string) {
  const response = await fetch(path, { credentials: "omit", headers: { accept: "application/json" } });
  return { status: response.status, body: (await response.json().catch(() => null)) as unknown };
}

type Check =
  | { state: "idle" }
  | { state: "checking"; name: string }
  | { state: "done"; name: string; verdict: RecordVerdict }
  | { state: "failed"; name: string; message: string };

function VerdictView({ name, verdict, when }: { name: string; verdict: RecordVerdict; when: When }) {
  if (verdict.kind === "unreadable")
    return <Alert type="error" showIcon message={`${name} cannot be checked`} description={verdict.reason} />;
  const hash = (
    <Typography.Text code copyable style={{ wordBreak: "break-all" }} data-testid="verify-hash">
      {verdict.contentHash}
    </Typography.Text>
  );
  if (verdict.kind === "unknown")
    return (
      <Alert
        type="error"
        showIcon
        data-testid="verify-verdict"
        message="Not issued by this server"
        description={
          <>
            <p>
              No record with this content hash was issued here: {verdict.file === "pdf" ? "the PDF" : "the record"} was
              changed after it was issued, or it comes from elsewhere.
            </p>
            Content SHA-256: {hash}
          </>
        }
      />
    );
  if (verdict.kind === "badSignature")
    return (
      <Alert
        type="error"
        showIcon
        data-testid="verify-verdict"
        message="The server's signature does not verify"
        description={
          <>The answer about this record is not signed with the server's published keys. Content SHA-256: {hash}</>
        }
      />
    );
  const { record } = verdict;
  const unchanged = verdict.file === "record" ? "unchanged" : "named by this PDF";
  return (
    <Space direction="vertical" style={{ width: "100%" }}>
      <Alert
        type={record.current ? "success" : "warning"}
        showIcon
        data-testid="verify-verdict"
        message={`This record was issued by ${APP_TITLE} on ${when(record.issuedAt)}, ${unchanged}`}
        description={
          <>
            {verdict.file === "pdf" ? (
              <p>
                Check that the PDF shows label {record.labelId}: a PDF can be edited, so the readings it covers are
                those of the record document, which the sender can download beside the PDF.
              </p>
            ) : null}
            {record.current ? (
              <p>It is the report's record now.</p>
            ) : (
              <p>
                The report's record has changed since (late readings, a new evaluation window or a new signature): ask
                the sender for the current record.
              </p>
            )}
          </>
        }
      />
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label="Label">{record.labelId}</Descriptions.Item>
        <Descriptions.Item label="Report ID">{record.reportId}</Descriptions.Item>
        <Descriptions.Item label="First issued">{when(record.issuedAt)}</Descriptions.Item>
        <Descriptions.Item label="Content SHA-256">{hash}</Descriptions.Item>
        <Descriptions.Item label="Server signature">
          Verified with the server's published key, {when(verdict.signedAt)}
        </Descriptions.Item>
      </Descriptions>
    </Space>
  );
}

export function VerifyPage() {
  const [check, setCheck] = useState<Check>({ state: "idle" });
  const when = useWhen();
  useEffect(() => {
    document.title = `Verify a record · ${APP_TITLE}`;
  }, []);
  const verify = async (file: File) => {
    setCheck({ state: "checking", name: file.name });
    try {
      const verdict = await verifyRecord(new Uint8Array(await file.arrayBuffer()), { sha256: sha256Hex, getJson });
      setCheck({ state: "done", name: file.name, verdict });
    } catch (error) {
      setCheck({ state: "failed", name: file.name, message: error instanceof Error ? error.message : String(error) });
    }
  };
  return (
    <main style={{ maxWidth: 800, margin: "0 auto", padding: 24 }}>
      <Space direction="vertical" size="large" style={{ width: "100%" }}>
        <div>
          <Typography.Title level={2}>Verify a record</Typography.Title>
          <Typography.Paragraph type="secondary">
            Drop a label report's record document (JSON) or its PDF. Your browser computes the content hash, asks this
            server whether it issued that record and checks the server's signature. The file does not leave your
            computer.
          </Typography.Paragraph>
        </div>
        <Upload.Dragger
          accept=".json,.pdf,application/json,application/pdf"
          multiple={false}
          showUploadList={false}
          beforeUpload={(file) => {
            void verify(file);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">Drop a record or a PDF here, or click to choose one</p>
        </Upload.Dragger>
        {check.state === "checking" ? (
          <Spin tip={`Checking ${check.name}…`}>
            <div style={{ minHeight: 48 }} />
          </Spin>
        ) : null}
        {check.state === "failed" ? (
          <Alert type="error" showIcon message={`${check.name} could not be checked`} description={check.message} />
        ) : null}
        {check.state === "done" ? (
          <section aria-label="Result">
            <Typography.Title level={4}>{check.name}</Typography.Title>
            <VerdictView name={check.name} verdict={check.verdict} when={when} />
          </section>
        ) : null}
      </Space>
    </main>
  );
}
