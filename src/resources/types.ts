import type { Disposition, SignedDisposition } from "@/domain/disposition";
import type { ReportRule } from "@/domain/report-rule";
import type { CompanyType, LabelStatus, TransportMode } from "@/domain/resources";

/**
 * The records the API answers with (its response schemas in server/routes/*), one
 * place for every Refine hook's record type. Timestamps arrive as ISO 8601 strings.
 */

export interface LabelReport {
  id: string;
  labelId: string;
  reference: string;
  status: LabelStatus;
  presetId: string | null;
  presetName: string | null;
  companyId: string;
  companyName?: string;
  origin: string;
  destination: string;
  transportMode: TransportMode;
  isArchived: boolean;
  created: string;
  startTime: string | null;
  endTime: string | null;
  /** When the label's latest reading was taken (null: none yet). */
  lastReadingAt?: string | null;
  /** A recording label silent too long (src/domain/no-signal.ts), as the server judged it when asked. */
  noSignal?: boolean;
  readingCount?: number;
  temperatureViolation: boolean;
  humidityViolation: boolean;
  shockViolation: boolean;
  batteryLow: boolean;
  /** Values of the company's custom fields, by key (src/domain/custom-fields.ts). */
  customFields?: Record<string, unknown>;
  intervalMinutes?: number;
  trimStart?: string | null;
  /** List rows: an evaluation window is set. */
  trimmed?: boolean;
  /** Detail: why the window was set, who set it and when (null when not trimmed). */
  trimReason?: string | null;
  trimSetBy?: { name: string; email: string } | null;
  trimSetAt?: string | null;
  trimEnd?: string | null;
  updated?: string;
  /** The list's copy of the signed disposition in force (the detail has the whole signature instead). */
  disposition?: Disposition | SignedDisposition | null;
  /** The rule the report is judged by, kept when it was registered (detail only; src/domain/report-rule.ts). */
  rule?: ReportRule | null;
  presetVersion?: number | null;
}

export interface LabelPreset {
  id: string;
  name: string;
  slug: string;
  description: string;
  isArchived: boolean;
  temperatureEnabled: boolean;
  temperatureMin?: number | null;
  temperatureMax?: number | null;
  humidityEnabled: boolean;
  humidityMin?: number | null;
  humidityMax?: number | null;
  shockEnabled: boolean;
  shockThresholdG?: number | null;
  alarmDelayMinutes?: number;
  alarmType?: "single" | "cumulative";
  intervalMinutes?: number;
  startDelayMinutes?: number;
  batteryWarningLevel?: number;
  reportCount?: number;
  /** Raised by every edit; reports keep the version they were registered with. */
  version?: number;
  created: string;
  updated: string;
}

export interface User {
  id: string;
  name: string;
  firstName: string;
  lastName: string;
  email: string;
  phone?: string | null;
  roles: string[];
  created: string;
  hasSignedUp?: boolean;
}

export interface Company {
  id: string;
  name: string;
  type: CompanyType;
  parentId: string | null;
  parentName: string | null;
  city: string | null;
  country: string | null;
  timeZone?: string;
  temperatureUnit?: string;
  userCount?: number;
  reportCount?: number;
  created: string;
}

export interface Invite {
  id: string;
  email: string;
  roles: string[];
  created: string;
  expires: string;
  invitedBy: string | null;
}

/** One request made while impersonating (GET /control-center/impersonation-log). */
export interface ImpersonationLogEntry {
  id: string;
  at: string;
  impersonatorEmail: string | null;
  userEmail: string | null;
  companyName: string | null;
  method: string;
  path: string;
  statusCode: number;
  durationMs: number;
}
