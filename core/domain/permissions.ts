import { AbilityBuilder, createMongoAbility, type MongoAbility } from "@casl/ability";
import { type ApiKeyScope, DEFAULT_API_KEY_SCOPES } from "./api-key-scopes";
import { ROLES, type Role } from "./roles";

/**
 * The role -> permission matrix, written once. The server
 * enforces with it and the dashboard shows and hides with it.
 */

export const SUBJECTS = [
  "all",
  "company",
  "userInvite",
  "user",
  "labelReport",
  "migrationInvite",
  "controlCenter",
  "subCompany",
  "labelPreset",
  "customField",
  "apiKey",
  "liveView",
  "reading",
  "auditEntry",
  "webhook",
] as const;
export type Subject = (typeof SUBJECTS)[number];

export const ACTIONS = ["manage", "create", "read", "update", "delete", "test", "trim", "approve"] as const;
export type Action = (typeof ACTIONS)[number];

export type AppAbility = MongoAbility<[Action, Subject]>;

export const FEATURE_FLAGS = {
  labelReportTrim: "LABEL_REPORT_TRIM",
  apiKeys: "API_KEYS",
  customFields: "CUSTOM_FIELDS",
} as const;
export type FeatureFlags = Record<string, boolean>;

const CRUD: Action[] = ["create", "read", "update", "delete"];

type Grant = [Action | Action[], Subject];

const USER: Grant[] = [
  [["read", "update"], "labelReport"],
  ["read", "user"],
];

const ADMINISTRATOR: Grant[] = [
  // "approve" signs a QA disposition (released, quarantined, rejected) of an ended report.
  [["read", "update", "approve"], "labelReport"],
  [CRUD, "labelPreset"],
  // Removing a member, not changing their roles: an administrator must be able to lock someone out.
  [["read", "delete"], "user"],
  [CRUD, "userInvite"],
  [CRUD, "company"],
];

/**
 * The spec leaves handler and subHandler open ("not shown"). Our choice, written in
 * docs/decisions.md: a handler handles shipments (reads and updates label reports, reads
 * presets); a sub-handler only reads label reports.
 */
const ROLE_GRANTS: Record<Role, Grant[]> = {
  user: USER,
  administrator: ADMINISTRATOR,
  distributorAdmin: [...ADMINISTRATOR, [["manage", ...CRUD], "subCompany"]],
  systemAdmin: [
    ["manage", "controlCenter"],
    ["manage", "liveView"],
    [[...CRUD, "approve"], "labelReport"],
    [CRUD, "labelPreset"],
    [CRUD, "company"],
    [CRUD, "userInvite"],
    ["delete", "migrationInvite"],
    [["read", "update", "delete"], "user"],
  ],
  handler: [
    [["read", "update"], "labelReport"],
    ["read", "labelPreset"],
  ],
  subHandler: [["read", "labelReport"]],
};

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/**
 * What an API key may do, by its scopes (core/api-key-scopes.ts):
 * `read` reads its company's label reports; `ingest` registers labels and sends their
 * readings (`create` on reading also stops a label). Nothing else, whoever created it.
 * No role grants `reading`: readings come from labels, through a gateway's key.
 */
export function defineApiKeyAbility(scopes: readonly ApiKeyScope[] = DEFAULT_API_KEY_SCOPES): AppAbility {
  const { can, build } = new AbilityBuilder<AppAbility>(createMongoAbility);
  if (scopes.includes("read")) can("read", "labelReport");
  if (scopes.includes("ingest")) {
    can("create", "labelReport");
    can("create", "reading");
  }
  return build();
}

/**
 * Whether the caller's label-report list spans more than its own company: whoever may
 * read sub-companies (a distributor's administrator) also sees their reports. The
 * server scopes every report query with it; the dashboard then shows the Company
 * column, filter, sort and the overlay's company.
 */
export function seesSubCompanyReports(can: (action: Action, subject: Subject) => boolean): boolean {
  return can("read", "subCompany");
}

/** The roles that administer their own company (its keys, fields, people). */
const COMPANY_ADMINISTRATORS: readonly string[] = ["administrator", "distributorAdmin"];

/** Roles add up: the ability is the union of every role's grants, plus feature flags. */
export function defineAbilityFor(roles: readonly string[], featureFlags: FeatureFlags = {}): AppAbility {
  const { can, build } = new AbilityBuilder<AppAbility>(createMongoAbility);
  for (const role of roles) {
    if (!isRole(role)) continue; // an unknown role name grants nothing
    for (const [action, subject] of ROLE_GRANTS[role]) can(action, subject);
  }
  if (featureFlags[FEATURE_FLAGS.labelReportTrim]) can("trim", "labelReport");
  // The role table gives apiKey and customField to no role; like trimming, they are
  // switched on by a feature flag, granted per membership, not per role.
  if (featureFlags[FEATURE_FLAGS.apiKeys]) can(["create", "read", "delete"], "apiKey");
  if (featureFlags[FEATURE_FLAGS.customFields]) can(CRUD, "customField");
  // Whoever created a key or a field, the company's administrators can see and remove
  // it, flag or not: nothing in a company may be out of its administrators' reach.
  if (roles.some((role) => COMPANY_ADMINISTRATORS.includes(role))) {
    // "update": a key's expiry, which only administrators extend.
    can(["read", "update", "delete"], "apiKey");
    can(["read", "delete"], "customField");
    // The company's audit log (a distributor's spans its sub-companies, like its reports).
    can("read", "auditEntry");
    // Webhook endpoints: where the company's events go, signed with a secret (a credential, like a key).
    can([...CRUD, "test"], "webhook");
  }
  return build();
}

/**
 * Role rank, for "nobody grants a role above their own". systemAdmin is above
 * everything; distributorAdmin above administrator; the rest are peers at the bottom.
 */
export const ROLE_RANK: Record<Role, number> = {
  systemAdmin: 4,
  distributorAdmin: 3,
  administrator: 2,
  handler: 1,
  user: 1,
  subHandler: 0,
};

export function highestRank(roles: readonly string[]): number {
  return Math.max(-1, ...roles.filter(isRole).map((r) => ROLE_RANK[r]));
}
