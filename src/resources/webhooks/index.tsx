import { Route } from "react-router";
import { lazyPage } from "@/components/routing/lazy-page";
import { RESOURCE } from "../names";
import type { AppResource, ResourceDeclaration } from "../resource";

const WebhookList = lazyPage(() => import("./list"), "WebhookList");

const resource = {
  name: RESOURCE.webhooks,
  list: "/settings/webhooks",
  meta: {
    label: "Webhooks",
    subject: "webhook",
    parent: RESOURCE.settings,
    hide: true,
    description: "Send alarms, report ends and signed dispositions to another system.",
  },
} satisfies AppResource;

/** Settings > Webhooks: a card of the settings index, like API keys (src/resources/settings/pages.tsx). */
export const webhooks: ResourceDeclaration = {
  resource,
  routes: <Route path={resource.list} element={<WebhookList />} />,
};
