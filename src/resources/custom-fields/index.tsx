import { Route } from "react-router";
import { lazyPage } from "@/components/routing/lazy-page";
import { RESOURCE } from "../names";
import type { AppResource, ResourceDeclaration } from "../resource";

const CustomFieldList = lazyPage(() => import("./list"), "CustomFieldList");

const resource = {
  name: RESOURCE.customFields,
  list: "/settings/custom-fields",
  meta: {
    label: "Custom fields",
    subject: "customField",
    parent: RESOURCE.settings,
    hide: true,
  },
} satisfies AppResource;

/**
 * Settings > Custom fields: the company's extra report fields. A card of the settings index
 * (src/resources/settings/pages.tsx), not a menu entry. The inputs and values the report
 * pages show are this folder's too.
 */
export const customFields: ResourceDeclaration = {
  resource,
  routes: <Route path={resource.list} element={<CustomFieldList />} />,
};
