import type { ColumnType, Generated, GeneratedAlways, Selectable } from "kysely";
import type { Address, Billing } from "../../core/api/company-settings";
import type { AlarmKind, AlarmSeverity, AlarmSide, AlarmState, AlarmUnit } from "../../core/domain/alarms";
import type { DeviationState } from "../../core/domain/deviations";
import type { PresetSetting, PresetSettings } from "../../core/domain/label-preset";
import type { ReportRule } from "../../core/domain/report-rule";
import type { ShipmentTransportMode } from "../../core/domain/shipments";
import type { SummaryFoldState } from "../../core/domain/summary-fold";
import type { EpcisCaptureError, EpcisIgnored } from "../ingest/epcis";

// The typed view of the tables in migrations/, in camelCase (CamelCasePlugin maps to snake_case).

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Json<T> = ColumnType<T, string | undefined, string>;

export interface CompaniesTable {
  id: Generated<string>;
  name: string;
  type: "operator" | "distributor" | "customer";
  parentId: string | null;
  timeZone: Generated<string>;
  temperatureUnit: Generated<"celsius" | "fahrenheit">;
  logoInitial: string | null;
  addresses: Json<Address[]>;
  billing: Json<Billing>;
  /** 0017: minutes of silence beyond 3 intervals after which a recording label is "No signal". */
  noSignalGraceMinutes: Generated<number>;
  /** 0025: a gap or silence longer than this makes a new report's data incomplete. */
  maxDataGapMinutes: Generated<number>;
  /** 0035: minutes without a user action after which a member's session ends. */
  inactivitySignOutMinutes: Generated<number>;
  /** 0040: minutes an alarm may stay unacknowledged before the administrators are e-mailed again. */
  alarmEscalationMinutes: Generated<number>;
  city: string | null;
  country: string | null;
  created: CreatedAt;
  updated: Timestamp;
}

export interface UsersTable {
  id: Generated<string>;
  email: string;
  firstName: Generated<string>;
  lastName: Generated<string>;
  /** E.164 only (core/domain/phone.ts, migration 0020): sign-in by phone compares it as is. */
  phone: string | null;
  passwordHash: string | null;
  /** The person's IANA zone for alert e-mails (0021); null: the alerting company's zone. */
  timeZone: string | null;
  /**
   * Superseded by user_roles.feature_flags (0009): a person's flags no longer grant
   * anything; kept so older rows and inserts still fit. Never read it for permissions.
   */
  featureFlags: Json<Record<string, boolean>>;
  timeJoined: Timestamp;
  created: CreatedAt;
  updated: Timestamp;
}

export interface UserRolesTable {
  id: Generated<string>;
  userId: string;
  companyId: string;
  types: string[];
  /** What this membership may do beyond its roles (API_KEYS, CUSTOM_FIELDS, …), in this company only. */
  featureFlags: Json<Record<string, boolean>>;
  created: CreatedAt;
  updated: Timestamp;
}

interface RoleTokensTable {
  id: Generated<string>;
  userRoleId: string;
  secretHash: string;
  sessionHandle: string | null;
  impersonatorUserId: string | null;
  created: CreatedAt;
  expires: Timestamp;
  revoked: Date | null;
}

export interface SigningKeysTable {
  kid: string;
  alg: string;
  privateJwk: Json<Record<string, unknown>>;
  publicJwk: Json<Record<string, unknown>>;
  created: CreatedAt;
  retired: Date | null;
  /** 0030: `session` signs sessions and role tokens, `record` signs content hashes. */
  purpose: Generated<"session" | "record">;
}

/** 0030: every content hash the server issued, for /verify. */
interface IssuedRecordsTable {
  contentHash: string;
  reportId: string;
  labelId: string;
  issuedAt: CreatedAt;
}

export interface SessionsTable {
  handle: string;
  userId: string;
  tenantId: Generated<string>;
  refreshHash: string;
  previousRefreshHash: string | null;
  rotated: Date | null;
  payload: Json<Record<string, unknown>>;
  created: CreatedAt;
  expires: Timestamp;
  revoked: Date | null;
  /** 0035: the last user action the dashboard reported (never later than the server's clock). */
  lastActiveAt: Generated<Date>;
}

interface InvitesTable {
  id: Generated<string>;
  companyId: string;
  email: string;
  types: string[];
  tokenHash: string;
  invitedBy: string | null;
  created: CreatedAt;
  expires: Timestamp;
  accepted: Date | null;
  revoked: Date | null;
}

interface MigrationInvitesTable {
  id: Generated<string>;
  companyId: string;
  email: string;
  tokenHash: string;
  created: CreatedAt;
  expires: Timestamp;
  accepted: Date | null;
}

/**
 * A column per preset setting (core/domain/label-preset.ts): the nullable ones have no
 * default, the others have the database's.
 */
type PresetSettingColumns = {
  [K in PresetSetting]: null extends PresetSettings[K] ? PresetSettings[K] : Generated<PresetSettings[K]>;
};

export interface LabelPresetsTable extends PresetSettingColumns {
  id: Generated<string>;
  companyId: string;
  name: string;
  slug: string;
  description: Generated<string>;
  isArchived: Generated<boolean>;
  /** Raised by every edit of the settings or name; reports keep the version they started with. */
  version: Generated<number>;
  createdBy: string | null;
  created: CreatedAt;
  updated: Timestamp;
}

export interface LabelReportsTable {
  id: Generated<string>;
  companyId: string;
  presetId: string | null;
  labelId: string;
  reference: Generated<string>;
  status: "notStarted" | "recording" | "stopped" | "ended";
  origin: Generated<string>;
  destination: Generated<string>;
  transportMode: Generated<"truck" | "train" | "plane" | "boat">;
  isArchived: Generated<boolean>;
  created: CreatedAt;
  startTime: Date | string | null;
  endTime: Date | string | null;
  intervalMinutes: Generated<number>;
  trimStart: Date | string | null;
  trimEnd: Date | string | null;
  /** Why the window was set, who set it and when (0013); null when not trimmed. */
  trimReason: string | null;
  trimSetBy: string | null;
  trimSetAt: Date | string | null;
  /** Set by ColdChain support impersonating trimSetBy: shown as "ColdChain support (on behalf of …)". */
  trimSetBySupport: Generated<boolean>;
  readingCount: Generated<number>;
  temperatureViolation: Generated<boolean>;
  humidityViolation: Generated<boolean>;
  shockViolation: Generated<boolean>;
  batteryLow: Generated<boolean>;
  /** 0025: the summary's completeness is not "complete" (a gap, a silence, or no data). */
  dataIncomplete: Generated<boolean>;
  /** 0025: the verdict maths version the summary was computed with (server/reports/summary.ts). */
  summaryMaths: Generated<number>;
  summary: Json<Record<string, unknown>>;
  customFields: Json<Record<string, unknown>>;
  /** The frozen rule (core/domain/report-rule.ts); null only for a report whose preset was gone before rules were kept. */
  rule: Json<ReportRule> | null;
  presetVersion: number | null;
  /** The newest signed disposition's value (migration 0014), repeated here for the list's filter. */
  disposition: "released" | "quarantined" | "rejected" | null;
  updated: Timestamp;
  /** 0015-ingestion: the time of the report's latest reading (kept on ingest). */
  lastReadingAt: Date | string | null;
  /** 0029: the signature was superseded by a change and nobody signed again. */
  signatureSupersededAt: Timestamp | null;
  /** 0029: the record's current content hash; null until read again after a change. */
  contentHash: string | null;
  /** 0043: the shipment the report belongs to (none by default). */
  shipmentId: string | null;
  /** 0045: the worst band severity the report reached (null: none), for the list's filter. */
  worstSeverity: "warning" | "alarm" | "critical" | null;
  /** 0047: the summary's temperature minutes above plus below the range (generated from `summary`). */
  temperatureOutMinutes: Generated<number>;
}

/** One signed QA disposition (migration 0014): append-only; 0029 lets it be superseded once. */
export interface LabelReportDispositionsTable {
  id: Generated<string>;
  reportId: string;
  companyId: string;
  value: "released" | "quarantined" | "rejected";
  meaning: string;
  comment: Generated<string>;
  signerId: string;
  signerName: string;
  signerEmail: string;
  signedAt: CreatedAt;
  /** 0029: the hash of the record as signed (without a disposition); null before 0029. */
  contentHash: string | null;
  verdict: "violation" | "noData" | "incomplete" | "ok" | null;
  supersededAt: Timestamp | null;
  /** What changed the signed record: "readings", "trim", "archive". */
  supersededBy: string | null;
  /** 0044: the closed deviation a release was signed under. */
  deviationId: Generated<string | null>;
}

/** A read-only link to one report for partners (migration 0016); the token is stored only as its SHA-256. */
export interface ShareLinksTable {
  id: Generated<string>;
  reportId: string;
  companyId: string;
  tokenHash: string;
  createdBy: string | null;
  createdByName: string;
  impersonatorUserId: string | null;
  createdAt: CreatedAt;
  expiresAt: Timestamp;
  revokedAt: Timestamp | null;
  revokedBy: string | null;
}

/** One open of a share link's public page (migration 0016). */
export interface ShareLinkOpensTable {
  id: Generated<string>;
  linkId: string;
  openedAt: CreatedAt;
  address: string;
  /** The page, or a download. */
  kind: Generated<"page" | "pdf" | "csv" | "record">;
}

/** A GS1 EPCIS capture and its outcome (migration 0018; server/ingest/epcis-capture.ts). */
interface EpcisCaptureJobsTable {
  id: Generated<string>;
  companyId: string;
  apiKeyId: string | null;
  createdAt: CreatedAt;
  finishedAt: Timestamp | null;
  running: Generated<boolean>;
  /** Null while running; true when no event had an error. */
  success: boolean | null;
  eventCount: number;
  accepted: Generated<number>;
  duplicates: Generated<number>;
  /** The first 100 errors by event; errorCount (0026) counts them all. */
  errors: Json<EpcisCaptureError[]>;
  ignored: Json<EpcisIgnored[]>;
  errorCount: Generated<number>;
  ignoredCount: Generated<number>;
}

/** One version of a preset: its name and settings as saved, by whom, when. */
export interface LabelPresetVersionsTable {
  id: Generated<string>;
  presetId: string;
  companyId: string;
  version: number;
  name: string;
  settings: Json<Record<string, unknown>>;
  changedBy: string | null;
  changedAt: CreatedAt;
}

interface MeasurementsTable {
  reportId: string;
  t: Date | string;
  temperature: number | null;
  humidity: number | null;
  battery: number | null;
}

/** Kept by triggers on measurements (migration 0005); read by server/reports/series.ts. */
interface MeasurementRollupsTable {
  reportId: string;
  levelSeconds: number;
  bucket: Date | string;
  firstT: Date | string;
  lastT: Date | string;
  n: number;
  temperatureMin: number | null;
  temperatureMax: number | null;
  humidityMin: number | null;
  humidityMax: number | null;
  batterySum: number | null;
  batteryN: number;
}

/** 0019-summary-state: the state a report's summary is folded from (core/domain/summary-fold.ts). */
interface ReportSummaryStatesTable {
  reportId: string;
  basis: string;
  readingCount: number;
  state: Json<SummaryFoldState>;
}

interface ShockEventsTable {
  id: Generated<string>;
  reportId: string;
  t: Date | string;
  magnitudeG: number;
}

export interface CustomFieldsTable {
  id: Generated<string>;
  companyId: string;
  key: string;
  name: string;
  type: "text" | "number" | "date" | "select";
  options: Json<string[]>;
  required: Generated<boolean>;
  created: CreatedAt;
  /** 0003-settings */
  updated: Timestamp;
  /** 0034: its values are part of the report's hashed record. */
  partOfRecord: Generated<boolean>;
  /** 0038: when it last became required (it binds reports registered since); null while optional. */
  requiredSince: Timestamp | null;
}

interface ApiKeysTable {
  id: Generated<string>;
  companyId: string;
  createdBy: string | null;
  name: string;
  prefix: string;
  keyHash: string;
  created: CreatedAt;
  lastUsed: Date | null;
  revoked: Date | null;
  /** 0015-ingestion: what the key may do (core/api-key-scopes.ts). */
  scopes: Generated<string[]>;
  /** 0032: when it stops working; null: never. A year on unless chosen. */
  expiresAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

interface NotificationSettingsTable {
  userId: string;
  companyId: string;
  excursionDetected: Generated<boolean>;
  reportFinished: Generated<boolean>;
  batteryLow: Generated<boolean>;
  /** Alerts by e-mail (migration 0048; on by default). */
  byEmail: Generated<boolean>;
  /** Alerts by text message to the profile's phone, through SMS_EMAIL_DOMAIN (off by default). */
  byTextMessage: Generated<boolean>;
  updated: Timestamp;
}

interface AuditLogTable {
  id: Generated<string>;
  at: CreatedAt;
  actorUserId: string | null;
  impersonatorUserId: string | null;
  companyId: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  before: Json<unknown> | null;
  after: Json<unknown> | null;
  reason: string | null;
  /** 0031: the people as they were when the entry was written (filled by the database on insert). */
  actorFirstName: Generated<string | null>;
  actorLastName: Generated<string | null>;
  actorEmail: Generated<string | null>;
  impersonatorFirstName: Generated<string | null>;
  impersonatorLastName: Generated<string | null>;
}

interface OutboxTable {
  id: Generated<string>;
  created: CreatedAt;
  recipient: string;
  subject: string;
  text: string;
  html: string | null;
  sent: Date | null;
  /** 0017-alert-events: the alert this e-mail tells of; null for sign-in mail. */
  alertEventId: string | null;
  attempts: Generated<number>;
  /** When the alert worker (next) tries to send it; null: not the worker's to send. */
  nextAttemptAt: Date | string | null;
  lastError: string | null;
  /** 0027-alert-digests: `company:recipient` of a digest of alerts; null for any other e-mail. */
  digestKey: Generated<string | null>;
  /** Alerts gathered into the digest. */
  digestCount: Generated<number>;
}

export type AlertEventKind = "excursionDetected" | "reportFinished" | "batteryLow" | "noSignal" | "budgetExhausted";

/** Something that happened to a report and is e-mailed once (0017-alert-events). */
interface AlertEventsTable {
  id: Generated<string>;
  reportId: string;
  companyId: string;
  kind: AlertEventKind;
  /** Unique per report: what makes the event the same one when detected again. */
  key: string;
  occurredAt: Date | string;
  details: Json<Record<string, unknown>>;
  created: CreatedAt;
}

/** 0039-webhooks: where a company's events are POSTed, signed with the endpoint's secret. */
interface WebhookEndpointsTable {
  id: Generated<string>;
  companyId: string;
  url: string;
  description: Generated<string>;
  /** core/domain/webhooks.ts WEBHOOK_EVENTS. */
  events: string[];
  /** The HMAC key of its deliveries' signatures: read back to sign, never answered after creation. */
  secret: string;
  enabled: Generated<boolean>;
  createdBy: string | null;
  created: CreatedAt;
}

/** One event POSTed (or still to be) to one endpoint, with its retries (0039-webhooks). */
interface WebhookDeliveriesTable {
  id: Generated<string>;
  endpointId: string;
  event: string;
  payload: Json<Record<string, unknown>>;
  attempts: Generated<number>;
  /** When the worker (next) tries it; null: delivered or given up. */
  nextAttemptAt: Date | string | null;
  deliveredAt: Date | null;
  lastStatus: number | null;
  lastError: string | null;
  created: CreatedAt;
}

/** An alarm event to acknowledge (0040-alarms): one per alert event of an alarm kind. */
interface AlarmsTable {
  id: Generated<string>;
  companyId: string;
  reportId: string;
  alertEventId: string;
  kind: AlarmKind;
  unit: AlarmUnit | null;
  side: AlarmSide | null;
  severity: AlarmSeverity;
  state: Generated<AlarmState>;
  triggeredAt: Date | string;
  acknowledgedBy: string | null;
  acknowledgedAt: Date | string | null;
  acknowledgedComment: string | null;
  closedBy: string | null;
  closedAt: Date | string | null;
  closedComment: string | null;
  escalatedAt: Date | string | null;
  created: CreatedAt;
}

/** The investigation of alarms of a report (0044-deviations); closing it is a signature. */
interface DeviationsTable {
  id: Generated<string>;
  companyId: string;
  reportId: string;
  year: number;
  seq: number;
  number: string;
  title: string;
  description: Generated<string>;
  rootCause: Generated<string>;
  productImpact: Generated<string>;
  capaReference: Generated<string>;
  state: Generated<DeviationState>;
  openedBy: string | null;
  closedAt: Date | string | null;
  closedBy: string | null;
  closedByName: string | null;
  closedByEmail: string | null;
  closingMeaning: string | null;
  closingComment: string | null;
  closingHash: string | null;
  created: CreatedAt;
  updated: Timestamp;
}

/** The alarms a deviation covers (0044-deviations). */
interface DeviationAlarmsTable {
  deviationId: string;
  alarmId: string;
}

/** A shipment (0043-shipments): groups label reports of its company. */
interface ShipmentsTable {
  id: Generated<string>;
  companyId: string;
  reference: string;
  origin: Generated<string>;
  destination: Generated<string>;
  carrier: Generated<string>;
  transportMode: Generated<ShipmentTransportMode>;
  plannedDeparture: Date | string | null;
  plannedArrival: Date | string | null;
  product: Generated<string>;
  batch: Generated<string>;
  /** 0046: the product shipped (none: the text `product` says what it is). */
  productId: string | null;
  created: CreatedAt;
  updated: Timestamp;
}

/**
 * One shipment's performance figures (0049-shipment-figures): kept by PostgreSQL's triggers
 * from the shipment and its reports' summaries; read by the performance aggregates only.
 */
interface ShipmentFiguresTable {
  shipmentId: string;
  companyId: string;
  origin: string;
  destination: string;
  carrier: string;
  departed: Date | null;
  /** The departure's UTC month (0051), generated by PostgreSQL. */
  departedMonth: GeneratedAlways<Date | null>;
  alarmed: boolean;
  incomplete: boolean;
  outMinutes: number;
  loggedMinutes: number;
  transitHours: number | null;
}

/** A product (0046-products): its storage range and its stability budget per side. */
interface ProductsTable {
  id: Generated<string>;
  companyId: string;
  name: string;
  code: string;
  storageMin: number;
  storageMax: number;
  budgetAboveMinutes: number;
  budgetBelowMinutes: number;
  created: CreatedAt;
  updated: Timestamp;
}

export interface PasswordResetTokensTable {
  tokenHash: string;
  userId: string;
  created: CreatedAt;
  expires: Timestamp;
  used: Date | null;
}

/** 0010-oidc-sign-in-states: a third-party sign-in the server started, used once. */
export interface OidcSignInStatesTable {
  stateHash: string;
  providerId: string;
  pkceVerifierHash: string;
  nonce: string;
  redirectUri: string;
  created: CreatedAt;
  expires: Timestamp;
}

export interface PasswordlessDevicesTable {
  deviceIdHash: string;
  email: string | null;
  phone: string | null;
  linkSalt: string;
  codeHash: string;
  linkCodeHash: string;
  inviteTokenHash: string | null;
  failedAttempts: Generated<number>;
  created: CreatedAt;
  codeCreated: Timestamp;
  expires: Timestamp;
}

/** A code guarding a change of sign-in method (migration 0011). */
export interface CredentialCodesTable {
  userId: string;
  purpose: "email-proof" | "phone-change" | "signature-proof";
  /** The new phone number, for a phone change. */
  phone: string | null;
  codeHash: string;
  failedAttempts: Generated<number>;
  created: CreatedAt;
  expires: Timestamp;
}

/** A data request made while impersonating (migration 0004). */
export interface ImpersonationRequestsTable {
  id: Generated<string>;
  at: CreatedAt;
  impersonatorUserId: string | null;
  userId: string | null;
  companyId: string | null;
  method: string;
  path: string;
  statusCode: number;
  durationMs: number;
}

export interface Database {
  companies: CompaniesTable;
  users: UsersTable;
  userRoles: UserRolesTable;
  roleTokens: RoleTokensTable;
  signingKeys: SigningKeysTable;
  issuedRecords: IssuedRecordsTable;
  sessions: SessionsTable;
  invites: InvitesTable;
  migrationInvites: MigrationInvitesTable;
  labelPresets: LabelPresetsTable;
  labelReports: LabelReportsTable;
  labelPresetVersions: LabelPresetVersionsTable;
  labelReportDispositions: LabelReportDispositionsTable;
  shareLinks: ShareLinksTable;
  shareLinkOpens: ShareLinkOpensTable;
  epcisCaptureJobs: EpcisCaptureJobsTable;
  measurements: MeasurementsTable;
  measurementRollups: MeasurementRollupsTable;
  shockEvents: ShockEventsTable;
  reportSummaryStates: ReportSummaryStatesTable;
  customFields: CustomFieldsTable;
  apiKeys: ApiKeysTable;
  notificationSettings: NotificationSettingsTable;
  auditLog: AuditLogTable;
  credentialCodes: CredentialCodesTable;
  outbox: OutboxTable;
  alertEvents: AlertEventsTable;
  webhookEndpoints: WebhookEndpointsTable;
  webhookDeliveries: WebhookDeliveriesTable;
  alarms: AlarmsTable;
  shipments: ShipmentsTable;
  shipmentFigures: ShipmentFiguresTable;
  deviations: DeviationsTable;
  deviationAlarms: DeviationAlarmsTable;
  products: ProductsTable;
  passwordResetTokens: PasswordResetTokensTable;
  passwordlessDevices: PasswordlessDevicesTable;
  oidcSignInStates: OidcSignInStatesTable;
  impersonationRequests: ImpersonationRequestsTable;
}

export type User = Selectable<UsersTable>;
