import { existsSync, statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import fastifyCookie from "@fastify/cookie";
import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  decodePreviewToken,
  decodePreviewView,
  LIST_PREVIEW_TOKEN_COOKIE,
  LIST_PREVIEW_VIEW_COOKIE,
} from "../../src/domain/list-preview-cookies";
import type { ListLocation, ListPreviewInput } from "../../src/resources/label-reports/first-paint/server-render";
import type { SigningKeys } from "../auth/keys";
import { verifyRoleToken } from "../auth/role-tokens";
import type { Db } from "../db/index";

/**
 * A cold load of the label report list answered with its first page already painted: the
 * browser shows the rows as soon as the HTML and its stylesheets have arrived, instead of
 * after the dashboard's scripts have loaded and run (on 2 cores, seconds). The page is the
 * dashboard's index.html with the list preview (src/resources/label-reports/first-paint/,
 * built for Node into dist-server/) after #root and the preview's stylesheets in the head;
 * the dashboard starts as usual underneath and removes the preview once its own list has
 * answered (src/boot-dashboard.ts).
 *
 * Only for a caller whose list preview cookies (src/domain/list-preview-cookies.ts) hold a
 * valid company role token, not impersonating; the rows come from the list's own route
 * (app.inject, with that token), so the same permissions, company scope and query rules
 * apply. Anything missing or failing gives the plain page: the preview is never in the way.
 */

/** The two functions of the Node build of server-render.tsx. */
interface Renderer {
  listPreviewRequest(location: ListLocation, restoresSavedSelection: boolean): string | undefined;
  renderListPreview(input: ListPreviewInput): string | undefined;
}

export const SERVER_RENDER_FILE = "server-render.js";
/** The list preview's module in the dashboard's build manifest (its stylesheets). */
const PREVIEW_MODULE = "src/resources/label-reports/first-paint/list-preview.tsx";

export interface ListPreviewPainter {
  /** The page with the preview painted, or undefined for the plain page. */
  paint(request: FastifyRequest): Promise<string | undefined>;
}

export function listPreviewPainter(options: {
  app: FastifyInstance;
  db: Db;
  keys: SigningKeys;
  staticDir: string;
  serverRenderDir: string;
}): ListPreviewPainter {
  const { app, db, keys, staticDir, serverRenderDir } = options;
  const renderers = new Map<number, Promise<Renderer>>();

  // A rebuild is used without a restart, as the static files are: the module is loaded
  // again when its file changes.
  async function renderer(): Promise<Renderer | undefined> {
    const file = join(serverRenderDir, SERVER_RENDER_FILE);
    if (!existsSync(file)) return undefined;
    const version = statSync(file).mtimeMs;
    let loaded = renderers.get(version);
    if (!loaded) {
      loaded = import(`${pathToFileURL(file).href}?v=${version}`) as Promise<Renderer>;
      renderers.clear();
      renderers.set(version, loaded);
    }
    return loaded;
  }

  // Loaded ahead, so that the first cold load does not wait for the module to compile.
  void renderer().catch(() => undefined);

  async function stylesheets(): Promise<string[]> {
    const manifest = JSON.parse(await readFile(join(staticDir, ".vite", "manifest.json"), "utf8")) as Record<
      string,
      { css?: string[]; imports?: string[] }
    >;
    const found = new Set<string>();
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key)) return;
      seen.add(key);
      const chunk = manifest[key];
      for (const imported of chunk?.imports ?? []) visit(imported);
      for (const css of chunk?.css ?? []) found.add(css);
    };
    visit(PREVIEW_MODULE);
    return [...found];
  }

  async function paint(request: FastifyRequest): Promise<string | undefined> {
    // Parsed here: the cookie plugin is registered for the API's routes only.
    const cookies = fastifyCookie.parse(request.headers.cookie ?? "");
    const token = decodePreviewToken(cookies[LIST_PREVIEW_TOKEN_COOKIE]);
    if (!token) return undefined;
    const render = await renderer();
    if (!render) return undefined;
    const [pathname = "", query] = request.url.split(/\?(.*)/s);
    const location = { pathname, search: query ? `?${query}` : "" };
    const view = decodePreviewView(cookies[LIST_PREVIEW_VIEW_COOKIE]);
    if (!view) return undefined;
    const apiPath = render.listPreviewRequest(location, view.restoresSavedSelection);
    if (!apiPath) return undefined;

    const verified = await verifyRoleToken(db, keys, token.jwtToken, token.secret).catch(() => undefined);
    // Impersonating: the dashboard's banner comes first (as in the browser's preview).
    if (!verified || verified.impersonatorUserId) return undefined;
    const answer = await app.inject({
      method: "GET",
      url: apiPath,
      headers: { jwt: token.jwtToken, "api-key": token.secret, "x-database": "postgres" },
    });
    if (answer.statusCode !== 200) return undefined;
    const [user, company] = await Promise.all([
      db
        .selectFrom("users")
        .select(["firstName", "lastName", "email"])
        .where("id", "=", verified.userId)
        .executeTakeFirst(),
      db.selectFrom("companies").select("name").where("id", "=", verified.companyId).executeTakeFirst(),
    ]);
    if (!user || !company) return undefined;
    const html = render.renderListPreview({
      location,
      view,
      requestPath: apiPath,
      body: answer.json(),
      user,
      companyName: company.name,
      permissions: { roles: verified.roles, featureFlags: verified.featureFlags },
    });
    if (!html) return undefined;
    const [page, css] = await Promise.all([readFile(join(staticDir, "index.html"), "utf8"), stylesheets()]);
    const links = css.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`).join("");
    // Replaced by functions: a "$&" or "$'" in the data must stay as it is, not act as a pattern.
    return page
      .replace("</head>", () => `${links}</head>`)
      .replace('<div id="root"></div>', () => `<div id="root"></div>${html}`);
  }

  return {
    async paint(request) {
      try {
        return await paint(request);
      } catch (error) {
        request.log.warn({ err: error }, "list preview not painted");
        return undefined;
      }
    },
  };
}
