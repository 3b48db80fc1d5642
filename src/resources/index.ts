import { alarms } from "./alarms";
import { apiKeys } from "./api-keys";
import { auditTrail } from "./audit-trail";
import { controlCenterCompanies } from "./companies";
import { controlCenter } from "./control-center";
import { customFields } from "./custom-fields";
import { deviations } from "./deviations";
import { impersonationLog } from "./impersonation-log";
import { labelPresets } from "./label-presets";
import { labelReports } from "./label-reports";
import { needsAttention } from "./needs-attention";
import { performance } from "./performance";
import { products } from "./products";
import type { AppResource, ResourceDeclaration } from "./resource";
import { settings } from "./settings";
import { shipments } from "./shipments";
import { subCompanies } from "./sub-companies";
import { users } from "./users";
import { webhooks } from "./webhooks";

/**
 * Every resource of the dashboard, in the menu's order; each is declared in its folder
 * (src/resources/<name>/index.tsx). App.tsx hands the entries to Refine, the route table
 * places the routes in their layouts, and the menu lists them. Only those three import
 * this module: the declarations hold the pages' lazy import()s, which must stay in the
 * app's own chunk (imported from a chunk the pages share, the pages would no longer be
 * able to count on the app's modules being loaded, and the bundler splits those out).
 * Pages name resources with src/resources/names.ts and read entries through Refine
 * (src/hooks/use-access.ts).
 */
export const RESOURCE_DECLARATIONS: readonly ResourceDeclaration[] = [
  needsAttention,
  alarms,
  deviations,
  labelReports,
  shipments,
  products,
  performance,
  labelPresets,
  users,
  subCompanies,
  controlCenter,
  controlCenterCompanies,
  impersonationLog,
  settings,
  customFields,
  apiKeys,
  webhooks,
  auditTrail,
];

/** The Refine resource entries. */
export const resources: AppResource[] = RESOURCE_DECLARATIONS.map((declaration) => declaration.resource);
