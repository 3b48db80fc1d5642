import { encodeListQuery } from "@core/domain/list-query";
import { listResource } from "@core/domain/resources";
import { useLocation } from "react-router";
import { DownloadCsvButton } from "@/components/controls/download-csv-button";
import { ResourceList } from "@/components/list/resource-list";
import { listQueryOf, parseListUrl } from "@/providers/list-url";
import { RESOURCE } from "@/resources/names";
import { AuditFilters } from "./audit-filters";
import { auditColumns } from "./columns";

const AUDIT = listResource("audit");

/** The CSV of the list as filtered and ordered now (every matching entry, not only this page). */
function DownloadCsv() {
  const location = useLocation();
  return (
    <DownloadCsvButton
      download={() => {
        const { filters, order } = listQueryOf(parseListUrl(location.search, AUDIT), AUDIT);
        return {
          path: `audit.csv?${encodeListQuery({ filters, order })}`,
          filename: `audit-trail-${new Date().toISOString().slice(0, 10)}.csv`,
        };
      }}
    />
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
