import { DownloadOutlined } from "@ant-design/icons";
import { useNotification } from "@refinedev/core";
import { Button } from "antd";
import { useState } from "react";
import { readableError } from "@/providers/readable-error";
import { fetchFile, saveBlob } from "@/resources/label-reports/download/download-file";
import { type PerformanceFilters, performanceQueryOf } from "./performance-url";

/** The figures on the page as CSV (GET /api/performance.csv with the same filters). */
export function DownloadCsv({ filters }: { filters: PerformanceFilters }) {
  const { open } = useNotification();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    const query = new URLSearchParams(Object.entries(performanceQueryOf(filters)));
    setBusy(true);
    try {
      const { blob } = await fetchFile(`performance.csv?${query.toString()}`);
      saveBlob(blob, `${filters.groupBy}-performance-${filters.from}-${filters.to}.csv`);
    } catch (error) {
      open?.({ type: "error", message: "The download failed", description: readableError(error as Error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={download}>
      Download CSV
    </Button>
  );
}
