import type { AlarmRecord } from "@core/api/alarm";
import type { ApiKeyRecord, CreatedApiKeyRecord } from "@core/api/api-key";
import type { CompanyRecord } from "@core/api/company";
import type { DeviationListItem } from "@core/api/deviation";
import type { ImpersonationLogEntryRecord } from "@core/api/impersonation-log-entry";
import type { InviteRecord } from "@core/api/invite";
import type { LabelPresetRecord } from "@core/api/label-preset";
import type { LabelReportDetailRecord, LabelReportListItem } from "@core/api/label-report";
import type { MemberRecord } from "@core/api/member";
import type {
  WebhookDelivery as WebhookDeliveryRecord,
  WebhookEndpoint as WebhookEndpointRecord,
} from "@core/api/webhook";

/**
 * The records the API answers with, one place for every Refine hook's record type. Each is
 * derived from the response schema the server serialises with (core/api/), so a field
 * renamed or dropped there fails the dashboard's typecheck; type-only imports keep TypeBox
 * out of the browser bundle. Timestamps arrive as ISO 8601 strings.
 */

/** A row of GET /label-reports. */
export type LabelReport = LabelReportListItem;
/** One report (GET /label-reports/{id}): the row's fields, the signed disposition instead of its value, and more. */
export type LabelReportDetail = LabelReportDetailRecord;
export type LabelPreset = LabelPresetRecord;
/** A member of the caller's company. */
export type User = MemberRecord;
export type Company = CompanyRecord;
export type Invite = InviteRecord;
export type ImpersonationLogEntry = ImpersonationLogEntryRecord;
export type ApiKey = ApiKeyRecord;
/** The answer to creating an API key: the key itself is in it, this once. */
export type CreatedApiKey = CreatedApiKeyRecord;
export type WebhookEndpoint = WebhookEndpointRecord;
/** A line of a webhook endpoint's delivery log. */
export type WebhookDelivery = WebhookDeliveryRecord;
/** An alarm to acknowledge (GET /alarms). */
export type Alarm = AlarmRecord;
/** A row of GET /deviations. */
export type Deviation = DeviationListItem;
