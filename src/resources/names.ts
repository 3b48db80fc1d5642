import type { ListResourceName } from "@core/domain/resources";

/**
 * Resource names, written once: pages name the resource they read or write with these.
 * A list resource's name is its LIST_RESOURCES key (core/domain/resources.ts, shared with
 * the server), so a name that is not one fails to compile.
 */
export const RESOURCE = {
  needsAttention: "needs-attention",
  alarms: "alarms" satisfies ListResourceName,
  labelReports: "label-reports" satisfies ListResourceName,
  shipments: "shipments" satisfies ListResourceName,
  deviations: "deviations" satisfies ListResourceName,
  products: "products" satisfies ListResourceName,
  performance: "performance",
  labelPresets: "label-presets" satisfies ListResourceName,
  users: "users" satisfies ListResourceName,
  subCompanies: "sub-companies" satisfies ListResourceName,
  controlCenter: "control-center",
  controlCenterCompanies: "control-center-companies" satisfies ListResourceName,
  impersonationLog: "impersonation-log",
  settings: "settings",
  customFields: "custom-fields",
  apiKeys: "api-keys",
  webhooks: "webhooks",
  auditTrail: "audit" satisfies ListResourceName,
} as const satisfies Record<string, string>;

export type ResourceName = (typeof RESOURCE)[keyof typeof RESOURCE];
