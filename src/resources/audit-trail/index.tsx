import { Route } from "react-router";
import { lazyPage } from "@/components/routing/lazy-page";
import { RESOURCE } from "../names";
import type { AppResource, ResourceDeclaration } from "../resource";

const AuditTrailList = lazyPage(() => import("./list"), "AuditTrailList");

const resource = {
  name: RESOURCE.auditTrail,
  list: "/settings/audit-trail",
  meta: {
    label: "Audit trail",
    subject: "auditEntry",
    parent: RESOURCE.settings,
    hide: true,
    description: "Who changed what and when: reports, presets, people, keys and settings.",
  },
} satisfies AppResource;

/**
 * Settings > Audit trail: the company's audit log (GET /api/audit), for its administrators.
 * A card of the settings index (src/resources/settings/pages.tsx), not a menu entry.
 */
export const auditTrail: ResourceDeclaration = {
  resource,
  routes: <Route path={resource.list} element={<AuditTrailList />} />,
};
