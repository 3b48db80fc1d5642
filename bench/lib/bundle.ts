import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";

/**
 * Bundle figures of the built dashboard (dist/): the JavaScript the first page load
 * fetches, and the extra JavaScript the /label-reports list page fetches on top.
 */

export interface Sizes {
  files: string[];
  raw: number;
  gzip: number;
  brotli: number;
}

export interface BundleFigures {
  build: { ran: boolean; reason: string; ms: number };
  /** First-load JS of a route: the entry's JS plus the route's lazy page chunks and their static imports. */
  routes: Record<string, Sizes & { chunks: string[] }>;
  /** How the files were found: Vite's manifest, or index.html plus the chunks' own imports. */
  source: "manifest" | "index.html";
  firstLoadJs: Sizes;
  firstLoadCss: Sizes;
  listPageJs: Sizes & { chunk: string };
}

const LIST_PAGE_SOURCE = "src/resources/label-reports/list.tsx";
/** What the build reads: when any is newer than dist/index.html, dist/ is stale. */
const BUILD_INPUTS = ["src", "index.html", "vite.config.ts", "package-lock.json", "public"];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/**
 * The browser tests' build (VITE_UI_KIT=true, scripts/test.mjs) also holds the controls' demo
 * page, and a few shared modules land in other chunks: not what a user downloads.
 */
const UI_KIT_SOURCE = "src/components/ui-kit/ui-kit-page.tsx";

function isTestBuild(dist: string): boolean {
  const manifest = join(dist, ".vite", "manifest.json");
  return existsSync(manifest) && UI_KIT_SOURCE in (JSON.parse(readFileSync(manifest, "utf8")) as object);
}

/** Builds the dashboard with `npx vite build` when dist/ is missing, older than its sources or the test build. */
function ensureBuild(root: string, options: { build: boolean }): BundleFigures["build"] {
  const index = join(root, "dist", "index.html");
  let reason = "";
  if (!existsSync(index)) reason = "dist/index.html missing";
  else if (BUILD_INPUTS.some((input) => newestMtime(join(root, input)) > statSync(index).mtimeMs))
    reason = "dist/ older than its sources";
  else if (isTestBuild(join(root, "dist"))) reason = "dist/ is the browser tests' build (VITE_UI_KIT=true)";
  if (!reason) return { ran: false, reason: "dist/ up to date", ms: 0 };
  if (!options.build) {
    if (!existsSync(index)) throw new Error("dist/ is missing and --no-build was given");
    return { ran: false, reason: `${reason}, not rebuilt (--no-build)`, ms: 0 };
  }
  const started = performance.now();
  const result = spawnSync("npx", ["vite", "build"], { cwd: root, encoding: "utf8", stdio: "pipe" });
  if (result.status !== 0) {
    throw new Error(`npx vite build failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`.trim());
  }
  return { ran: true, reason, ms: performance.now() - started };
}

function sizesOf(dist: string, files: Iterable<string>): Sizes {
  const list = [...new Set(files)].sort();
  let raw = 0;
  let gzip = 0;
  let brotli = 0;
  for (const file of list) {
    const content = readFileSync(join(dist, file));
    raw += content.length;
    gzip += gzipSync(content).length;
    brotli += brotliCompressSync(content).length;
  }
  return { files: list, raw, gzip, brotli };
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

function fromManifest(dist: string, manifest: Record<string, ManifestChunk>) {
  const closure = (key: string, seen: Set<string>) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) closure(next, seen);
  };
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error("The Vite manifest has no entry chunk");
  const firstKeys = new Set<string>();
  closure(entryKey, firstKeys);
  const listKey = Object.keys(manifest).find((key) => key.endsWith(LIST_PAGE_SOURCE));
  if (!listKey) throw new Error(`The Vite manifest has no chunk for ${LIST_PAGE_SOURCE}`);
  const listKeys = new Set<string>();
  closure(listKey, listKeys);
  const file = (key: string) => (manifest[key] as ManifestChunk).file;
  const firstJs = [...firstKeys].map(file);
  const firstCss = [...firstKeys].flatMap((key) => manifest[key]?.css ?? []);
  const listJs = [...listKeys].filter((key) => !firstKeys.has(key)).map(file);
  return {
    firstLoadJs: sizesOf(dist, firstJs),
    firstLoadCss: sizesOf(dist, firstCss),
    listPageJs: { ...sizesOf(dist, listJs), chunk: file(listKey) },
  };
}

/**
 * The static imports of a built chunk (`import{…}from"./x.js"`, `import"./x.js"`,
 * `export{…}from"./x.js"`), as paths relative to dist/. Dynamic `import(…)` is left out.
 */
function staticImports(dist: string, file: string): string[] {
  const code = readFileSync(join(dist, file), "utf8");
  const found: string[] = [];
  const pattern = /(?:^|[;\s}])(?:import|export)\s*(?:[^"'`();]*?\bfrom\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g;
  for (const match of code.matchAll(pattern)) {
    const target = relative(dist, resolve(dist, dirname(file), match[1] as string));
    if (existsSync(join(dist, target))) found.push(target);
  }
  return found;
}

function importClosure(dist: string, start: string, seen = new Set<string>()): Set<string> {
  if (seen.has(start)) return seen;
  seen.add(start);
  for (const next of staticImports(dist, start)) importClosure(dist, next, seen);
  return seen;
}

/** The chunk built from `source`: by its source map, else by the export name the router lazily loads. */
function chunkOf(dist: string, source: string, exportName: string): string {
  const assets = readdirSync(join(dist, "assets")).filter((f) => f.endsWith(".js"));
  for (const name of assets) {
    const map = join(dist, "assets", `${name}.map`);
    if (!existsSync(map)) continue;
    const { sources } = JSON.parse(readFileSync(map, "utf8")) as { sources?: string[] };
    if (sources?.some((s) => s.replace(/\\/g, "/").endsWith(source))) return `assets/${name}`;
  }
  const byExport = assets.find((name) =>
    new RegExp(`export\\s*\\{[^}]*\\bas\\s+${exportName}\\b`).test(readFileSync(join(dist, "assets", name), "utf8")),
  );
  if (byExport) return `assets/${byExport}`;
  throw new Error(`No chunk in dist/assets holds ${source}`);
}

function fromIndexHtml(dist: string) {
  const html = readFileSync(join(dist, "index.html"), "utf8");
  const attr = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]+)"`).exec(tag)?.[1];
  const local = (url: string | undefined) => (url?.startsWith("/") ? url.slice(1) : url);
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  const js = new Set<string>();
  const css: string[] = [];
  for (const tag of tags) {
    if (tag.startsWith("<script") && attr(tag, "type") === "module") {
      const src = local(attr(tag, "src"));
      if (src) for (const f of importClosure(dist, src)) js.add(f);
    } else if (tag.startsWith("<link")) {
      const rel = attr(tag, "rel");
      const href = local(attr(tag, "href"));
      if (!href || /^[a-z]+:/i.test(href)) continue;
      if (rel === "modulepreload") for (const f of importClosure(dist, href)) js.add(f);
      else if (rel === "stylesheet") css.push(href);
    }
  }
  if (js.size === 0) throw new Error("dist/index.html has no module script");
  const chunk = chunkOf(dist, LIST_PAGE_SOURCE, "LabelReportList");
  const listJs = [...importClosure(dist, chunk)].filter((f) => !js.has(f));
  return {
    firstLoadJs: sizesOf(dist, js),
    firstLoadCss: sizesOf(dist, css),
    listPageJs: { ...sizesOf(dist, listJs), chunk },
  };
}

/**
 * The pages the budgets name, by the modules their routes load lazily: the shell src/root.tsx
 * picks for the path (the auth shell, or the Refine dashboard app) and the page modules of
 * src/auth-app.tsx and of the resources' declarations (src/resources/<name>/index.tsx).
 */
const AUTH_SHELL: [string, string] = ["src/auth-app.tsx", "AuthApp"];
const DASHBOARD: [string, string] = ["src/App.tsx", "App"];
const LIST: [string, string] = ["src/resources/label-reports/list.tsx", "LabelReportList"];
const ROUTE_PAGES: Record<string, [source: string, exportName: string][]> = {
  "/signin": [AUTH_SHELL, ["src/pages/auth/sign-in.tsx", "SignInPage"]],
  "/label-reports": [DASHBOARD, LIST],
  "/label-reports/{id}": [DASHBOARD, LIST, ["src/resources/label-reports/show.tsx", "LabelReportShow"]],
};

function routeSizes(dist: string, firstLoad: readonly string[]): BundleFigures["routes"] {
  const routes: BundleFigures["routes"] = {};
  for (const [route, sources] of Object.entries(ROUTE_PAGES)) {
    const files = new Set(firstLoad);
    const chunks = sources.map(([source, name]) => chunkOf(dist, source, name));
    for (const chunk of chunks) for (const f of importClosure(dist, chunk)) files.add(f);
    routes[route] = { ...sizesOf(dist, files), chunks };
  }
  return routes;
}

export function measureBundle(root: string, options: { build: boolean }): BundleFigures {
  const build = ensureBuild(root, options);
  const dist = join(root, "dist");
  const manifestPath = join(dist, ".vite", "manifest.json");
  if (existsSync(manifestPath)) {
    const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Record<string, ManifestChunk>;
    const figures = fromManifest(dist, manifest);
    return { build, source: "manifest", ...figures, routes: routeSizes(dist, figures.firstLoadJs.files) };
  }
  const figures = fromIndexHtml(dist);
  return { build, source: "index.html", ...figures, routes: routeSizes(dist, figures.firstLoadJs.files) };
}

/** First-load JS of a build with a Vite manifest (the reference starter): the entry and its static imports. */
export function manifestEntryJs(dist: string): Sizes {
  const manifest = JSON.parse(readFileSync(join(dist, ".vite", "manifest.json"), "utf8")) as Record<
    string,
    ManifestChunk
  >;
  return fromManifestEntry(dist, manifest);
}

function fromManifestEntry(dist: string, manifest: Record<string, ManifestChunk>): Sizes {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error("The Vite manifest has no entry chunk");
  const keys = new Set<string>();
  const closure = (key: string) => {
    if (keys.has(key)) return;
    keys.add(key);
    for (const next of manifest[key]?.imports ?? []) closure(next);
  };
  closure(entryKey);
  return sizesOf(
    dist,
    [...keys].map((key) => (manifest[key] as ManifestChunk).file),
  );
}
