import { type Migration, type MigrationProvider, Migrator } from "kysely";
import type { Db } from "./index";
import * as initial from "./migrations/0001-initial";
import * as authCodes from "./migrations/0002-auth-codes";
import * as settings from "./migrations/0003-settings";
import * as impersonationLog from "./migrations/0004-impersonation-log";
import * as measurementRollups from "./migrations/0005-measurement-rollups";
import * as labelReportOrders from "./migrations/0008-label-report-orders";
import * as membershipFeatureFlags from "./migrations/0009-membership-feature-flags";
import * as oidcSignInStates from "./migrations/0010-oidc-sign-in-states";
import * as credentialCodes from "./migrations/0011-credential-codes";
import * as reportRules from "./migrations/0012-report-rules";
import * as trimReason from "./migrations/0013-trim-reason";
import * as reportDispositions from "./migrations/0014-report-dispositions";
import * as ingestion from "./migrations/0015-ingestion";
import * as shareLinks from "./migrations/0016-share-links";
import * as alertEvents from "./migrations/0017-alert-events";
import * as epcisCaptureJobs from "./migrations/0018-epcis-capture-jobs";
import * as summaryState from "./migrations/0019-summary-state";
import * as phoneE164 from "./migrations/0020-phone-e164";
import * as userTimeZone from "./migrations/0021-user-time-zone";
import * as plannedEndIndex from "./migrations/0022-planned-end-index";
import * as measurementsReportCheck from "./migrations/0023-measurements-report-check";
import * as rollupsFromFineBuckets from "./migrations/0024-rollups-from-fine-buckets";
import * as dataCompleteness from "./migrations/0025-data-completeness";
import * as epcisJobCounts from "./migrations/0026-epcis-job-counts";
import * as alertDigests from "./migrations/0027-alert-digests";
import * as rateCounters from "./migrations/0028-rate-counters";
import * as signatureHoldsHash from "./migrations/0029-signature-holds-hash";
import * as recordSignatures from "./migrations/0030-record-signatures";
import * as auditLogAppendOnly from "./migrations/0031-audit-log-append-only";
import * as apiKeyExpiry from "./migrations/0032-api-key-expiry";
import * as subCompanyNames from "./migrations/0033-sub-company-names";
import * as recordFields from "./migrations/0034-record-fields";
import * as sessionInactivity from "./migrations/0035-session-inactivity";
import * as auditLogCompanyIndex from "./migrations/0036-audit-log-company-index";
import * as retention from "./migrations/0037-retention";
import * as requiredSince from "./migrations/0038-custom-field-required-since";
import * as webhooks from "./migrations/0039-webhooks";
import * as alarms from "./migrations/0040-alarms";
import * as shipments from "./migrations/0043-shipments";
import * as deviations from "./migrations/0044-deviations";
import * as limitBands from "./migrations/0045-limit-bands";
import * as products from "./migrations/0046-products";
import * as laneIndexes from "./migrations/0047-lane-indexes";
import * as alertChannels from "./migrations/0048-alert-channels";
import * as shipmentFigures from "./migrations/0049-shipment-figures";
import * as budgetAlarms from "./migrations/0050-budget-alarms";
import * as shipmentFiguresMonth from "./migrations/0051-shipment-figures-month";

// Listed explicitly (not read from disk) so the same code runs from sources, tests and bundles.
export const MIGRATIONS: Record<string, Migration> = {
  "0001-initial": initial,
  "0002-auth-codes": authCodes,
  "0003-settings": settings,
  "0004-impersonation-log": impersonationLog,
  "0005-measurement-rollups": measurementRollups,
  "0008-label-report-orders": labelReportOrders,
  "0009-membership-feature-flags": membershipFeatureFlags,
  "0010-oidc-sign-in-states": oidcSignInStates,
  "0011-credential-codes": credentialCodes,
  "0012-report-rules": reportRules,
  "0013-trim-reason": trimReason,
  "0014-report-dispositions": reportDispositions,
  "0015-ingestion": ingestion,
  "0016-share-links": shareLinks,
  "0017-alert-events": alertEvents,
  "0018-epcis-capture-jobs": epcisCaptureJobs,
  "0019-summary-state": summaryState,
  "0020-phone-e164": phoneE164,
  "0021-user-time-zone": userTimeZone,
  "0022-planned-end-index": plannedEndIndex,
  "0023-measurements-report-check": measurementsReportCheck,
  "0024-rollups-from-fine-buckets": rollupsFromFineBuckets,
  "0025-data-completeness": dataCompleteness,
  "0026-epcis-job-counts": epcisJobCounts,
  "0027-alert-digests": alertDigests,
  "0028-rate-counters": rateCounters,
  "0029-signature-holds-hash": signatureHoldsHash,
  "0030-record-signatures": recordSignatures,
  "0031-audit-log-append-only": auditLogAppendOnly,
  "0032-api-key-expiry": apiKeyExpiry,
  "0033-sub-company-names": subCompanyNames,
  "0034-record-fields": recordFields,
  "0035-session-inactivity": sessionInactivity,
  "0036-audit-log-company-index": auditLogCompanyIndex,
  "0037-retention": retention,
  "0038-custom-field-required-since": requiredSince,
  "0039-webhooks": webhooks,
  "0040-alarms": alarms,
  "0043-shipments": shipments,
  "0044-deviations": deviations,
  "0045-limit-bands": limitBands,
  "0046-products": products,
  "0047-lane-indexes": laneIndexes,
  "0048-alert-channels": alertChannels,
  "0049-shipment-figures": shipmentFigures,
  "0050-budget-alarms": budgetAlarms,
  "0051-shipment-figures-month": shipmentFiguresMonth,
};

class StaticProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return MIGRATIONS;
  }
}

export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new StaticProvider() });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
