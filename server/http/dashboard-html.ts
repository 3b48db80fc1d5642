import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { routeModules } from "../../core/routes/route-modules";

/** One chunk of Vite's build manifest (dist/.vite/manifest.json), keyed by source path. */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

interface Build {
  mtimeMs: number;
  html: string;
  manifest: Manifest | undefined;
  /** The finished page per list of route modules: a few kinds of address, many requests. */
  pages: Map<string, string>;
}

/** The scripts and styles a module runs with: its chunk and the chunks it imports statically. */
function closure(manifest: Manifest, keys: string[]): { scripts: string[]; styles: string[] } {
  const seen = new Set<string>();
  const scripts: string[] = [];
  const styles: string[] = [];
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    scripts.push(chunk.file);
    styles.push(...(chunk.css ?? []));
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return { scripts, styles };
}

/**
 * `<link>`s for the files a cold load of `pathname` will ask for after the entry, minus those
 * the page names already. Scripts as `modulepreload` (fetched and parsed, run when imported),
 * styles as `preload` (fetched; the chunk's loader adds the stylesheet itself when it runs).
 */
function routePreloadLinks(html: string, manifest: Manifest, pathname: string): string {
  const { scripts, styles } = closure(manifest, routeModules(pathname));
  const named = (file: string) => html.includes(`/${file}"`);
  const links = [
    ...[...new Set(scripts)].filter((f) => !named(f)).map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
    ...[...new Set(styles)]
      .filter((f) => !named(f))
      .map((f) => `<link rel="preload" as="style" crossorigin href="/${f}">`),
  ];
  return links.join("\n    ");
}

/**
 * The dashboard's page for an address: the built index.html with the route's lazy chunks named
 * in its head, so that the browser fetches them in parallel with the entry
 * (docs/decisions.md, "The server names a route's chunks in the page"). Read again when
 * the build changes (a rebuild needs no restart);
 * without a manifest it is index.html as built.
 */
export function dashboardHtml(staticDir: string): (pathname: string) => string {
  const indexPath = join(staticDir, "index.html");
  let build: Build | undefined;
  const load = (): Build => {
    const { mtimeMs } = statSync(indexPath);
    if (build?.mtimeMs === mtimeMs) return build;
    let manifest: Manifest | undefined;
    try {
      manifest = JSON.parse(readFileSync(join(staticDir, ".vite", "manifest.json"), "utf8")) as Manifest;
    } catch {
      manifest = undefined;
    }
    build = { mtimeMs, html: readFileSync(indexPath, "utf8"), manifest, pages: new Map() };
    return build;
  };
  return (pathname) => {
    const { html, manifest, pages } = load();
    if (typeof manifest !== "object" || manifest === null) return html;
    const key = routeModules(pathname).join(" ");
    let page = pages.get(key);
    if (page === undefined) {
      let links = "";
      try {
        links = routePreloadLinks(html, manifest, pathname);
      } catch {
        // A manifest not of the shape Vite writes: the page as built, which loads all the same.
      }
      page = links ? html.replace("</head>", `  ${links}\n  </head>`) : html;
      pages.set(key, page);
    }
    return page;
  };
}
