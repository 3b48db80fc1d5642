import type { Action, Subject } from "../../core/domain/permissions";
import type { Role } from "../../core/domain/roles";

/**
 * The role table (which role may do what), copied by hand (not derived from core/domain) so
 * that tests fail when the code drifts from the specification. `manage` grants every action.
 */
const CRUD = ["create", "read", "update", "delete"] as const;
const ADMINISTRATOR: [Subject, readonly Action[]][] = [
  ["labelReport", ["read", "update"]],
  ["labelPreset", CRUD],
  // The spec's table gives read only; removing members is added, so an administrator can lock someone out.
  ["user", ["read", "delete"]],
  ["userInvite", CRUD],
  ["company", CRUD],
];

export const SPEC_ROLE_TABLE: Record<
  "user" | "administrator" | "distributorAdmin" | "systemAdmin",
  [Subject, readonly Action[]][]
> = {
  user: [
    ["labelReport", ["read", "update"]],
    ["user", ["read"]],
  ],
  administrator: ADMINISTRATOR,
  distributorAdmin: [...ADMINISTRATOR, ["subCompany", ["manage", ...CRUD]]],
  systemAdmin: [
    ["controlCenter", ["manage"]],
    ["liveView", ["manage"]],
    ["labelReport", CRUD],
    ["labelPreset", CRUD],
    ["company", CRUD],
    ["userInvite", CRUD],
    ["migrationInvite", ["delete"]],
    ["user", ["read", "update", "delete"]],
  ],
};

export const SPEC_ROLES = Object.keys(SPEC_ROLE_TABLE) as (keyof typeof SPEC_ROLE_TABLE)[];

/**
 * Not in the spec's table (docs/decisions.md): a company's administrators
 * list and remove its API keys and custom fields, whoever created them, set when a key
 * expires, read the company's audit log and manage its webhook endpoints; creating them still takes the company's feature flag.
 */
const COMPANY_ADMINISTRATION: [Subject, readonly Action[]][] = [
  ["apiKey", ["read", "update", "delete"]],
  ["customField", ["read", "delete"]],
  ["auditEntry", ["read"]],
  ["webhook", ["create", "read", "update", "delete", "test"]],
];
/** Signing a QA disposition of a report (docs/decisions.md, labelReport approve). */
const SIGN_DISPOSITIONS: [Subject, readonly Action[]] = ["labelReport", ["approve"]];
const DECIDED_ADDITIONS: Partial<Record<keyof typeof SPEC_ROLE_TABLE, [Subject, readonly Action[]][]>> = {
  administrator: [...COMPANY_ADMINISTRATION, SIGN_DISPOSITIONS],
  distributorAdmin: [...COMPANY_ADMINISTRATION, SIGN_DISPOSITIONS],
  systemAdmin: [SIGN_DISPOSITIONS],
};

/** Whether the spec's table (plus the decided additions above) lets that role do that action on that subject. */
export function specAllows(role: Role, action: Action, subject: Subject): boolean {
  if (!(role in SPEC_ROLE_TABLE)) throw new Error(`The spec does not list the permissions of ${role}`);
  const key = role as keyof typeof SPEC_ROLE_TABLE;
  const grants = [...SPEC_ROLE_TABLE[key], ...(DECIDED_ADDITIONS[key] ?? [])];
  return grants.some(([s, actions]) => s === subject && (actions.includes(action) || actions.includes("manage")));
}
