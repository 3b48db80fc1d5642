import { DownloadOutlined } from "@ant-design/icons";
import { encodeListQuery } from "@core/domain/list-query";
import { listResource } from "@core/domain/resources";
import { useNotification } from "@refinedev/core";
import { Button } from "antd";
import { useState } from "react";
import { useLocation } from "react-router";
import { ResourceList } from "@/components/list/resource-list";
import { listQueryOf, parseListUrl } from "@/providers/list-url";
import { readableError } from "@/providers/readable-error";
import { fetchFile, saveBlob } from "@/resources/label-reports/download/download-file";
import { RESOURCE } from "@/resources/names";
import { AuditFilters } from "./audit-filters";
import { auditColumns } from "./columns";

const AUDIT = listResource("audit");

/** The CSV of the list as filtered and ordered now (every matching entry, not only this page). */
function DownloadCsv() {
  const location = useLocation();
  const { open } = useNotification();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    const { filters, order } = listQueryOf(parseListUrl(location.search, AUDIT), AUDIT);
    setBusy(true);
    try {
      const { blob } = await fetchFile(`audit.csv?${encodeListQuery({ filters, order })}`);
      saveBlob(blob, `audit-trail-${new Date().toISOString().slice(0, 10)}.csv`);
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

/** Settings > Audit trail: every change in the company, newest first, filtered in the URL. */
export function AuditTrailList() {
  return (
    <ResourceList
      resource={RESOURCE.auditTrail}
      columns={auditColumns}
      searchPlaceholder="Search by who (name or e-mail)"
      actions={
        <>
          <AuditFilters />
          <DownloadCsv />
        </>
      }
    />
  );
}
