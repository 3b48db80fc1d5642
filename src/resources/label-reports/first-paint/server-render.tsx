import { ConfigProvider } from "antd";
import enUS from "antd/es/locale/en_US";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router";
import type { PreviewView } from "@/domain/list-preview-cookies";
import { resourceMenuItems } from "@/layouts/resource-menu";
import { decideAccess, type SessionPermissions } from "@/providers/access-control-provider";
import { landingListRequestUrl } from "@/providers/landing-prefetch";
import { type SessionUser, userDisplayName } from "@/providers/stores/auth-session";
import { usePreferencesStore } from "@/providers/stores/preferences";
import { theme } from "@/theme";
import { paintedAnswerScript } from "./painted-answer";
import { isListPage, previewPage } from "./preview-plan";
import { PreviewScreen } from "./preview-screen";
import { SERVER_PREVIEW_ID } from "./preview-watch";

/**
 * The server's side of the list preview: built for Node on its own (vite.config.ts,
 * serverRender) and used by server/first-paint/list-preview.ts, which answers a cold load of the list
 * with its first page already in the HTML. The rules, screen and formatting are the
 * browser preview's (preview-plan.ts, preview-screen.tsx), so both paint the same thing.
 */

export interface ListLocation {
  pathname: string;
  search: string;
}

/** The API path (under /api) whose answer the preview of this address shows; undefined when there is no preview. */
export function listPreviewRequest(location: ListLocation, restoresSavedSelection: boolean): string | undefined {
  if (!previewPage(location, restoresSavedSelection)) return undefined;
  return landingListRequestUrl(location, "/api");
}

export interface ListPreviewInput {
  location: ListLocation;
  /** listPreviewRequest's path, whose answer `body` is. */
  requestPath: string;
  view: PreviewView;
  /** The API's answer to listPreviewRequest. */
  body: unknown;
  user: Pick<SessionUser, "firstName" | "lastName" | "email">;
  companyName: string;
  permissions: SessionPermissions;
}

/** The preview's HTML for this address and answer; undefined when there is no preview. */
export function renderListPreview(input: ListPreviewInput): string | undefined {
  const page = previewPage(input.location, input.view.restoresSavedSelection);
  if (!page || !isListPage(input.body)) return undefined;
  const menuItems = resourceMenuItems(
    (name) => decideAccess({ resource: name, action: "list" }, input.permissions).can,
  );
  const { timeZone, fahrenheit, locale, showMaintenanceBanner } = input.view;
  const preferences = { timeZone, fahrenheit, locale, showMaintenanceBanner };
  // A server render reads a store's initial state (zustand's getServerSnapshot), so the
  // request's preferences go there too. This module runs on the server only, and the render
  // is synchronous: each request's preferences are the ones its render reads.
  Object.assign(usePreferencesStore.getInitialState(), preferences);
  usePreferencesStore.setState(preferences);
  const html = renderToString(
    <ConfigProvider theme={theme} locale={enUS}>
      <StaticRouter location={`${input.location.pathname}${input.location.search}`}>
        <PreviewScreen
          page={page}
          rows={input.body.data}
          userName={userDisplayName(input.user)}
          companyName={input.companyName}
          menuItems={menuItems}
        />
      </StaticRouter>
    </ConfigProvider>,
  );
  return `<div id="${SERVER_PREVIEW_ID}">${html}${paintedAnswerScript(input.requestPath, input.body)}</div>`;
}
