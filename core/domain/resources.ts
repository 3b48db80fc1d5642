import { ALARM_KINDS, ALARM_SEVERITIES, ALARM_STATES, ALARM_UNITS } from "./alarms";
import { DEVIATION_STATES } from "./deviations";
import { DISPOSITIONS } from "./disposition";
import type { Filter, FilterOperator, Order } from "./list-query";
import { ROLES } from "./roles";
import { SHIPMENT_TRANSPORT_MODES } from "./shipments";

/**
 * The lists with saved filters: their endpoint, the
 * defaults, and the keys a caller may filter and order by. The server accepts
 * exactly these keys; the dashboard builds its filters and columns from them. The
 * rest of a list resource (its routes, menu entry, permission subject) is its
 * declaration in src/resources/<name>/index.tsx.
 */

export type FieldType = "text" | "number" | "boolean" | "timestamp" | "id" | "enum" | "textArray";

export interface ListField {
  type: FieldType;
  /** The allowed values of an enum (or of the items of a textArray). */
  values?: readonly string[];
  /** Whether `order=key[dir]` is accepted. */
  sortable?: boolean;
  /** Whether the value may be missing; missing values sort last. */
  nullable?: boolean;
  /**
   * A number field held in a PostgreSQL `integer` (a count): a filter value must be a
   * whole number in its range, or the database would refuse it (that was a 500).
   */
  integer?: boolean;
}

export interface ListResource {
  name: ListResourceName;
  endpoint: string;
  pageSize: number;
  defaultFilters: Filter[];
  defaultOrder: Order[];
  /** The key the search box searches with `ilike`. */
  searchKey: string;
  fields: Record<string, ListField>;
}

export const LABEL_STATUSES = ["notStarted", "recording", "stopped", "ended"] as const;
export type LabelStatus = (typeof LABEL_STATUSES)[number];

/** A report's status as people read it. */
export const LABEL_STATUS_TEXT: Record<LabelStatus, string> = {
  notStarted: "Not started",
  recording: "Recording",
  stopped: "Stopped",
  ended: "Ended",
};

export const TRANSPORT_MODES = ["truck", "train", "plane", "boat"] as const;
export type TransportMode = (typeof TRANSPORT_MODES)[number];

export const COMPANY_TYPES = ["operator", "distributor", "customer"] as const;
export type CompanyType = (typeof COMPANY_TYPES)[number];

const CREATED_DESC: Order[] = [{ key: "created", direction: "desc" }];

const LIST_RESOURCES = {
  "label-reports": {
    name: "label-reports",
    endpoint: "label-reports",
    pageSize: 25,
    defaultFilters: [{ key: "isArchived", operator: "eq", value: "false" }],
    defaultOrder: CREATED_DESC,
    searchKey: "labelId",
    fields: {
      id: { type: "id" },
      labelId: { type: "text", sortable: true },
      reference: { type: "text", sortable: true },
      status: { type: "enum", values: LABEL_STATUSES, sortable: true },
      presetId: { type: "id", nullable: true },
      presetName: { type: "text", sortable: true, nullable: true },
      companyId: { type: "id" },
      /** The report's company: a distributor's list spans its sub-companies. */
      companyName: { type: "text", sortable: true },
      origin: { type: "text", sortable: true },
      destination: { type: "text", sortable: true },
      transportMode: { type: "enum", values: TRANSPORT_MODES, sortable: true },
      isArchived: { type: "boolean" },
      created: { type: "timestamp", sortable: true },
      startTime: { type: "timestamp", sortable: true, nullable: true },
      endTime: { type: "timestamp", sortable: true, nullable: true },
      lastReadingAt: { type: "timestamp", sortable: true, nullable: true },
      /** Recording but silent (core/domain/no-signal.ts); computed at the time of asking. */
      noSignal: { type: "boolean" },
      temperatureViolation: { type: "boolean", sortable: true },
      humidityViolation: { type: "boolean", sortable: true },
      shockViolation: { type: "boolean", sortable: true },
      batteryLow: { type: "boolean", sortable: true },
      /** A gap or silence longer than the report's threshold, or no data (core/domain/report-summary.ts). */
      dataIncomplete: { type: "boolean", sortable: true },
      /** The signed QA disposition in force; none until someone signs. */
      disposition: { type: "enum", values: DISPOSITIONS, sortable: true, nullable: true },
      /** The worst limit band severity reached (core/domain/limit-bands.ts); none: no band reached. */
      severity: { type: "enum", values: ALARM_SEVERITIES, sortable: true, nullable: true },
      /** Any of the temperature, humidity or shock alarms is raised (battery is a warning). */
      violation: { type: "boolean" },
      /** Someone has signed a disposition: `dispositioned[eq]false` is "awaiting a decision". */
      dispositioned: { type: "boolean" },
      /** The record changed after its signature (readings, trim, archive) and nobody has signed again. */
      changedAfterSignature: { type: "boolean" },
      /** An alarm of the report is still open (nobody has acknowledged it). */
      openAlarm: { type: "boolean" },
    },
  },
  "label-presets": {
    name: "label-presets",
    endpoint: "label-presets",
    pageSize: 25,
    defaultFilters: [],
    defaultOrder: CREATED_DESC,
    searchKey: "name",
    fields: {
      id: { type: "id" },
      name: { type: "text", sortable: true },
      slug: { type: "text", sortable: true },
      description: { type: "text" },
      isArchived: { type: "boolean" },
      temperatureEnabled: { type: "boolean" },
      humidityEnabled: { type: "boolean" },
      shockEnabled: { type: "boolean" },
      /** How many label reports use the preset. */
      reportCount: { type: "number", integer: true, sortable: true },
      created: { type: "timestamp", sortable: true },
      updated: { type: "timestamp", sortable: true },
    },
  },
  users: {
    name: "users",
    endpoint: "users",
    pageSize: 50,
    defaultFilters: [],
    defaultOrder: CREATED_DESC,
    // The search box looks in the name and the e-mail address at once.
    searchKey: "nameOrEmail",
    fields: {
      id: { type: "id" },
      name: { type: "text", sortable: true },
      nameOrEmail: { type: "text" },
      firstName: { type: "text", sortable: true },
      lastName: { type: "text", sortable: true },
      email: { type: "text", sortable: true },
      roles: { type: "textArray", values: ROLES },
      created: { type: "timestamp", sortable: true },
    },
  },
  "sub-companies": {
    name: "sub-companies",
    endpoint: "sub-companies",
    pageSize: 50,
    defaultFilters: [],
    defaultOrder: CREATED_DESC,
    searchKey: "name",
    fields: {
      id: { type: "id" },
      name: { type: "text", sortable: true },
      city: { type: "text", sortable: true, nullable: true },
      country: { type: "text", sortable: true, nullable: true },
      created: { type: "timestamp", sortable: true },
    },
  },
  /** The company's audit log (GET /audit): newest first, a distributor's spans its sub-companies. */
  audit: {
    name: "audit",
    endpoint: "audit",
    pageSize: 50,
    defaultFilters: [],
    defaultOrder: [{ key: "at", direction: "desc" }],
    searchKey: "actor",
    fields: {
      id: { type: "id" },
      at: { type: "timestamp", sortable: true },
      // Open texts, not enums: new kinds of record and change are listed before they get a label.
      entity: { type: "text" },
      entityId: { type: "text", nullable: true },
      action: { type: "text" },
      actorUserId: { type: "id", nullable: true },
      /** The actor's name and e-mail, and the support person's name, as they were when they acted. */
      actor: { type: "text" },
      companyId: { type: "id", nullable: true },
    },
  },
  /** Alarms to acknowledge (GET /alarms): open first, newest first; a distributor's span its sub-companies. */
  alarms: {
    name: "alarms",
    endpoint: "alarms",
    pageSize: 25,
    defaultFilters: [],
    defaultOrder: [
      { key: "stateRank", direction: "asc" },
      { key: "triggeredAt", direction: "desc" },
    ],
    searchKey: "labelId",
    fields: {
      id: { type: "id" },
      /** open 0, acknowledged 1, closed 2: ordering by it puts open alarms first. */
      stateRank: { type: "number", integer: true, sortable: true },
      state: { type: "enum", values: ALARM_STATES, sortable: true },
      severity: { type: "enum", values: ALARM_SEVERITIES, sortable: true },
      kind: { type: "enum", values: ALARM_KINDS, sortable: true },
      unit: { type: "enum", values: ALARM_UNITS, nullable: true },
      reportId: { type: "id" },
      labelId: { type: "text", sortable: true },
      reference: { type: "text", sortable: true },
      companyId: { type: "id" },
      triggeredAt: { type: "timestamp", sortable: true },
      acknowledgedAt: { type: "timestamp", sortable: true, nullable: true },
    },
  },
  /** Shipments (GET /shipments): each groups label reports; a distributor's span its sub-companies. */
  shipments: {
    name: "shipments",
    endpoint: "shipments",
    pageSize: 25,
    defaultFilters: [],
    defaultOrder: CREATED_DESC,
    searchKey: "reference",
    fields: {
      id: { type: "id" },
      reference: { type: "text", sortable: true },
      origin: { type: "text", sortable: true },
      destination: { type: "text", sortable: true },
      carrier: { type: "text", sortable: true },
      transportMode: { type: "enum", values: SHIPMENT_TRANSPORT_MODES, sortable: true },
      plannedDeparture: { type: "timestamp", sortable: true, nullable: true },
      plannedArrival: { type: "timestamp", sortable: true, nullable: true },
      product: { type: "text", sortable: true },
      batch: { type: "text", sortable: true },
      productId: { type: "id", nullable: true },
      companyId: { type: "id" },
      companyName: { type: "text", sortable: true },
      reportCount: { type: "number", integer: true, sortable: true },
      created: { type: "timestamp", sortable: true },
    },
  },
  /** Deviations (GET /deviations): investigations of alarms; open ones first, newest first. */
  deviations: {
    name: "deviations",
    endpoint: "deviations",
    pageSize: 25,
    defaultFilters: [],
    defaultOrder: CREATED_DESC,
    searchKey: "title",
    fields: {
      id: { type: "id" },
      number: { type: "text", sortable: true },
      title: { type: "text", sortable: true },
      state: { type: "enum", values: DEVIATION_STATES, sortable: true },
      reportId: { type: "id" },
      labelId: { type: "text", sortable: true },
      reference: { type: "text", sortable: true },
      companyId: { type: "id" },
      companyName: { type: "text", sortable: true },
      created: { type: "timestamp", sortable: true },
      closedAt: { type: "timestamp", sortable: true, nullable: true },
    },
  },
  /** Products (GET /products): each with its storage range and stability budget; a distributor's span its sub-companies. */
  products: {
    name: "products",
    endpoint: "products",
    pageSize: 25,
    defaultFilters: [],
    defaultOrder: [{ key: "name", direction: "asc" }],
    searchKey: "name",
    fields: {
      id: { type: "id" },
      name: { type: "text", sortable: true },
      code: { type: "text", sortable: true },
      storageMin: { type: "number", sortable: true },
      storageMax: { type: "number", sortable: true },
      budgetAboveMinutes: { type: "number", integer: true, sortable: true },
      budgetBelowMinutes: { type: "number", integer: true, sortable: true },
      companyId: { type: "id" },
      companyName: { type: "text", sortable: true },
      shipmentCount: { type: "number", integer: true, sortable: true },
      created: { type: "timestamp", sortable: true },
    },
  },
  "control-center-companies": {
    name: "control-center-companies",
    endpoint: "control-center-companies",
    pageSize: 50,
    defaultFilters: [],
    defaultOrder: CREATED_DESC,
    searchKey: "name",
    fields: {
      id: { type: "id" },
      name: { type: "text", sortable: true },
      type: { type: "enum", values: COMPANY_TYPES, sortable: true },
      parentId: { type: "id", nullable: true },
      parentName: { type: "text", sortable: true, nullable: true },
      city: { type: "text", sortable: true, nullable: true },
      country: { type: "text", sortable: true, nullable: true },
      created: { type: "timestamp", sortable: true },
    },
  },
} as const satisfies Record<string, Omit<ListResource, "name"> & { name: string }>;

export type ListResourceName = keyof typeof LIST_RESOURCES;

export function listResource(name: ListResourceName): ListResource {
  return LIST_RESOURCES[name] as unknown as ListResource;
}

const OPERATORS_BY_TYPE: Record<FieldType, readonly FilterOperator[]> = {
  text: ["eq", "ne", "gt", "lt", "gte", "lte", "like", "ilike", "includes"],
  number: ["eq", "ne", "gt", "lt", "gte", "lte", "includes"],
  timestamp: ["eq", "ne", "gt", "lt", "gte", "lte"],
  boolean: ["eq", "ne"],
  id: ["eq", "ne", "includes"],
  enum: ["eq", "ne", "includes"],
  textArray: ["includes"],
};

export function operatorsFor(type: FieldType): readonly FilterOperator[] {
  return OPERATORS_BY_TYPE[type];
}

/** The largest value of a PostgreSQL `integer` (2^31 - 1); the same bound below zero keeps the message simple. */
const MAX_INTEGER = 2_147_483_647;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a value starts with a day that exists (2026-02-30 does not). Date.parse
 * rolls such days over, and PostgreSQL refuses them: as a filter value that was a 500.
 */
function startsWithCalendarDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return year >= 1 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Checks one scalar value against its field's type; returns an error message or null. */
export function valueError(field: ListField, value: string): string | null {
  switch (field.type) {
    case "number":
      if (field.integer)
        return /^-?\d{1,10}$/.test(value) && Math.abs(Number(value)) <= MAX_INTEGER
          ? null
          : `must be a whole number between -${MAX_INTEGER} and ${MAX_INTEGER}`;
      return value.trim() !== "" && Number.isFinite(Number(value)) ? null : "must be a number";
    case "boolean":
      return value === "true" || value === "false" ? null : "must be true or false";
    case "timestamp":
      return startsWithCalendarDay(value) && !Number.isNaN(Date.parse(value))
        ? null
        : "must be an ISO 8601 date or date-time";
    case "id":
      return UUID.test(value) ? null : "must be an id";
    case "enum":
    case "textArray":
      return field.values?.includes(value) ? null : `must be one of ${field.values?.join(", ")}`;
    case "text":
      return value.length <= 500 ? null : "must be at most 500 characters";
  }
}
