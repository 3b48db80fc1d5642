import { Route } from "react-router";
import { lazyPage } from "@/components/routing/lazy-page";
import { RESOURCE } from "../names";
import type { AppResource, ResourceDeclaration } from "../resource";

const ApiKeyList = lazyPage(() => import("./list"), "ApiKeyList");

const resource = {
  name: RESOURCE.apiKeys,
  list: "/settings/api-keys",
  meta: {
    label: "API keys",
    subject: "apiKey",
    parent: RESOURCE.settings,
    hide: true,
    description: "Keys for systems that read the company's data.",
  },
} satisfies AppResource;

/**
 * Settings > API keys: keys for other systems. A card of the settings index
 * (src/resources/settings/pages.tsx), not a menu entry. Listing needs read, not
 * create: administrators without the feature flag still list and revoke the keys.
 */
export const apiKeys: ResourceDeclaration = {
  resource,
  routes: <Route path={resource.list} element={<ApiKeyList />} />,
};
