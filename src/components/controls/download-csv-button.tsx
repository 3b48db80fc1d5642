import { DownloadOutlined } from "@ant-design/icons";
import { useNotification } from "@refinedev/core";
import { Button } from "antd";
import { useState } from "react";
import { readableError } from "@/providers/readable-error";
import { fetchFile, saveBlob } from "@/resources/label-reports/download/download-file";

/** Which file to fetch and the name to save it under, worked out when the button is clicked. */
export type CsvDownload = { path: string; filename: string };

/** A "Download CSV" button: fetches the file with the session, saves it, says so when it fails. */
export function DownloadCsvButton({ download }: { download: () => CsvDownload }) {
  const { open } = useNotification();
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    const { path, filename } = download();
    setBusy(true);
    try {
      const { blob } = await fetchFile(path);
      saveBlob(blob, filename);
    } catch (error) {
      open?.({ type: "error", message: "The download failed", description: readableError(error as Error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={onClick}>
      Download CSV
    </Button>
  );
}
