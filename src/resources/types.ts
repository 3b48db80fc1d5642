import type { ApiKeyRecord, CreatedApiKeyRecord } from "@/domain/api/api-key";
import type { CompanyRecord } from "@/domain/api/company";
import type { ImpersonationLogEntryRecord } from "@/domain/api/impersonation-log-entry";
import type { InviteRecord } from "@/domain/api/invite";
import type { LabelPresetRecord } from "@/domain/api/label-preset";
import type { LabelReportDetailRecord, LabelReportListItem } from "@/domain/api/label-report";
import type { MemberRecord } from "@/domain/api/member";

/**
 * The records the API answers with, one place for every Refine hook's record type. Each is
 * derived from the response schema the server serialises with (src/domain/api/), so a field
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
