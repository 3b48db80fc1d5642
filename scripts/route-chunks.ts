import { dirname, join } from "node:path";

/**
 * Route-shaped chunks: the modules a cold load of the landing list needs, in four groups.
 * Rolldown's automatic chunking makes one chunk per set of pages that share modules, and the
 * list's cold load was 56 files (12 with these groups); on HTTP/1.1's six connections they
 * arrived over ~160 ms after the server had answered each, and the app could not start until
 * the last one was in (bench/README.md, "Route-shaped chunks"). The groups:
 *
 * - `shared`: what the landing list and the sign-in page both load (the entry's own modules
 *   among them). Both need every module in it.
 * - `boot`: what the dashboard's boot runs before anything renders (the list's first request,
 *   src/boot-dashboard.ts), so that it does not wait for the dashboard's code to run.
 * - `common`: what the landing list shares with the other pages outside the dashboard (the
 *   other sign-in steps, the public share page), and the sign-in page does not load.
 * - `dashboard`: the rest of the landing list, which no page outside the dashboard imports.
 *
 * A group takes its modules' dependencies along (rolldown's default), so no chunk imports one
 * that imports it back; the higher group keeps what two routes share out of the lower one.
 * That makes the sets below safe to over-estimate and unsafe to under-estimate for the sign-in
 * page: a module it needs that they miss would be pulled into `dashboard`, and the sign-in
 * page would load the dashboard. `checkSignInChunks` fails the build if that happens.
 *
 * Which modules a page reaches is read from the module graph. Imports through a library's
 * index (`import { Button } from "antd"`) are narrowed to the names imported: the index
 * re-exports every component, and reading it whole would put all of antd on every side.
 */

/** The part of rolldown's ModuleInfo this reads. */
export interface GraphModule {
  code: string | null;
  exports: readonly string[];
  importedIds: readonly string[];
  dynamicallyImportedIds: readonly string[];
  dynamicImporters: readonly string[];
}
export type ModuleGraph = (id: string) => GraphModule | null;

/** Library indexes that only re-export, by the specifier code imports them with. */
export const BARRELS: Readonly<Record<string, RegExp>> = {
  antd: /[\\/]node_modules[\\/]antd[\\/]es[\\/]index\.js$/,
  "@ant-design/icons": /[\\/]node_modules[\\/]@ant-design[\\/]icons[\\/]es[\\/]index\.js$/,
};

/** The module `relative` names from module `from`, among `imported`; undefined if none matches. */
function resolveFrom(from: string, relative: string, imported: readonly string[]): string | undefined {
  const base = join(dirname(from), relative);
  return imported.find((id) => id === base || id === `${base}.js` || id === join(base, "index.js"));
}

/** name → module for a re-exporting index (following `export *` and `import`-then-`export`). */
function barrelExports(id: string, graph: ModuleGraph, seen = new Set<string>()): Map<string, string> {
  const names = new Map<string, string>();
  const info = graph(id);
  if (!info?.code || seen.has(id)) return names;
  seen.add(id);
  const code = withoutComments(info.code);
  for (const [, list = "", from = ""] of code.matchAll(/export\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g)) {
    const target = resolveFrom(id, from, info.importedIds);
    if (!target) continue;
    for (const [, exported] of pairs(list)) names.set(exported, target);
  }
  const locals = new Map<string, string>();
  for (const [, clause = "", from = ""] of code.matchAll(/import\s*([^;"']*?)\s*from\s*["']([^"']+)["']/g)) {
    const target = resolveFrom(id, from, info.importedIds);
    if (!target) continue;
    const { single, named } = clauseParts(clause);
    for (const [, local] of named) locals.set(local, target);
    if (single) locals.set(single, target);
  }
  for (const [, list = ""] of code.matchAll(/export\s*\{([^}]*)\}\s*(?:;|$)/g)) {
    for (const [local, exported] of pairs(list)) {
      const target = locals.get(local);
      if (target) names.set(exported, target);
    }
  }
  for (const [, from = ""] of code.matchAll(/export\s*\*\s*from\s*["']([^"']+)["']/g)) {
    const target = resolveFrom(id, from, info.importedIds);
    const module = target ? graph(target) : null;
    if (!target || !module) continue;
    const inner = module.code && isReExportOnly(module.code) ? barrelExports(target, graph, seen) : null;
    for (const name of inner ? inner.keys() : module.exports) {
      if (name !== "default" && !names.has(name)) names.set(name, inner?.get(name) ?? target);
    }
  }
  return names;
}

/** `a, b as c` → [a, a], [b, c]: (local or imported name, exported or local name); `type` names left out. */
function pairs(list: string): [string, string][] {
  return list
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part && !part.startsWith("type "))
    .map((part) => {
      const [first = "", second] = part.split(/\s+as\s+/).map((name) => name.trim());
      return [first, second ?? first];
    });
}

/** An import clause (`A, { b as c }`): its default binding, and its named ones as pairs. */
function clauseParts(clause: string): { single: string | undefined; named: [string, string][] } {
  const single = clause
    .replace(/\{[^}]*\}/, "")
    .replace(/,/g, " ")
    .trim();
  return {
    single: single && single !== "type" ? single : undefined,
    named: pairs(clause.match(/\{([^}]*)\}/)?.[1] ?? ""),
  };
}

function withoutComments(code: string): string {
  return code.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/[^\n]*$/gm, "");
}

/**
 * The names `code` imports from `specifier` (`import { A, B as C }`, a default import as
 * "default"), or undefined when it imports it in a way this does not read (a namespace, an
 * `export … from`): then the whole index counts.
 */
export function importedNames(code: string, specifier: string): string[] | undefined {
  const quoted = `["']${specifier.replace(/[/\\^$*+?.()|[\]{}]/g, "\\$&")}["']`;
  const names: string[] = [];
  let found = false;
  const statement = new RegExp(`(import|export)\\s*([^;"']*?)\\s*from\\s*${quoted}`, "g");
  for (const [, keyword, clause = ""] of code.matchAll(statement)) {
    found = true;
    if (keyword === "export" || clause.includes("*")) return undefined;
    const { single, named } = clauseParts(clause);
    if (single) names.push("default");
    for (const [imported] of named) names.push(imported);
  }
  return found ? names : undefined;
}

/** A module that only re-exports others (antd's `_util/hooks/index.js`, `style/motion/index.js`). */
function isReExportOnly(code: string): boolean {
  const statements = withoutComments(code)
    .split(";")
    .map((statement) => statement.trim())
    .filter((statement) => statement && statement !== '"use client"' && statement !== "'use client'");
  return (
    statements.length > 0 &&
    statements.every((statement) =>
      /^(export\s*(\*|\{[^}]*\})\s*from\s*["'][^"']+["']|import\s*[^;"']*?\s*from\s*["'][^"']+["']|export\s*\{[^}]*\})$/.test(
        statement,
      ),
    )
  );
}

/**
 * When `imported` is a library index (BARRELS) or a re-export-only module, the names module
 * `id` imports from it; undefined when it is neither or the names cannot be read.
 */
function barrelImport(id: string, code: string, imported: string, graph: ModuleGraph): string[] | undefined {
  const specifier = Object.keys(BARRELS).find((name) => BARRELS[name]?.test(imported));
  if (specifier) return importedNames(code, specifier);
  const target = graph(imported);
  if (!target?.code || !isReExportOnly(target.code)) return undefined;
  // Relative imports only: how `id` spells the path to `imported`.
  for (const [, spec = ""] of code.matchAll(/from\s*["'](\.{1,2}\/[^"']*)["']/g)) {
    if (resolveFrom(id, spec, [imported])) return importedNames(code, spec);
  }
  return undefined;
}

/**
 * The modules reachable from `roots` by static imports (and dynamic ones when `dynamic`),
 * not entering `stop`, with barrel imports narrowed to the names imported.
 */
export function reachable(
  graph: ModuleGraph,
  roots: readonly string[],
  options: { dynamic?: boolean; stop?: ReadonlySet<string> } = {},
): Set<string> {
  const seen = new Set<string>();
  const exportsOf = new Map<string, Map<string, string>>();
  const queue = [...roots];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (seen.has(id) || options.stop?.has(id)) continue;
    seen.add(id);
    const info = graph(id);
    if (!info) continue;
    const next = options.dynamic ? [...info.importedIds, ...info.dynamicallyImportedIds] : [...info.importedIds];
    for (const imported of next) {
      const names = info.code ? barrelImport(id, info.code, imported, graph) : undefined;
      if (!names) {
        queue.push(imported);
        continue;
      }
      let map = exportsOf.get(imported);
      if (!map) {
        map = barrelExports(imported, graph);
        exportsOf.set(imported, map);
      }
      for (const name of names) {
        // A name the index does not re-export plainly: count the whole index.
        queue.push(map.get(name) ?? imported);
      }
    }
  }
  return seen;
}

export interface RouteRoots {
  /** The entry module (src/main.tsx). */
  entry: string;
  /** The lazy modules of a cold load of the sign-in page. */
  signIn: readonly string[];
  /** The lazy modules of a cold load of the landing list. */
  landing: readonly string[];
  /** The dashboard's own entry modules: what is behind them is the dashboard. */
  dashboard: readonly string[];
  /** What the dashboard starts before it renders (src/boot-dashboard.ts). */
  boot: readonly string[];
}

export const ROUTE_CHUNKS = ["shared", "boot", "common", "dashboard"] as const;
export type RouteChunk = (typeof ROUTE_CHUNKS)[number];

/** Which route chunk each module of the landing list's cold load goes to. */
export function routeChunkOf(graph: ModuleGraph, roots: RouteRoots): Map<string, RouteChunk> {
  const landing = reachable(graph, [roots.entry, ...roots.landing]);
  const signIn = reachable(graph, [roots.entry, ...roots.signIn]);
  const outside = reachable(graph, [roots.entry], { dynamic: true, stop: new Set(roots.dashboard) });
  const boot = reachable(graph, roots.boot);
  const chunks = new Map<string, RouteChunk>();
  for (const id of landing) {
    if (id === roots.entry) continue;
    // A lazily imported module (the app, the list page) keeps a chunk of its own: Vite's
    // manifest names a page's chunk by it, and the server's preload links read the manifest.
    if (graph(id)?.dynamicImporters.length) continue;
    chunks.set(id, signIn.has(id) ? "shared" : boot.has(id) ? "boot" : outside.has(id) ? "common" : "dashboard");
  }
  return chunks;
}

/** The groups for rolldown's `codeSplitting.groups`, below the vendor groups, in priority order. */
export function routeChunkGroups(roots: RouteRoots, priority: number) {
  let chunks: Map<string, RouteChunk> | undefined;
  const chunkOf = (id: string, ctx: { getModuleInfo(id: string): GraphModule | null }) => {
    chunks ??= routeChunkOf((module) => ctx.getModuleInfo(module), roots);
    return chunks.get(id);
  };
  return ROUTE_CHUNKS.map((name, index) => ({
    name: (id: string, ctx: { getModuleInfo(id: string): GraphModule | null }) =>
      chunkOf(id, ctx) === name ? name : null,
    priority: priority - index,
  }));
}

/** A built chunk, as far as `checkSignInChunks` reads it. */
export interface BuiltChunk {
  fileName: string;
  name: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: readonly string[];
}

/**
 * The files a cold load of the sign-in page fetches (the entry's and the sign-in modules'
 * static imports), and an error message if one of them is a chunk only other routes need.
 */
export function checkSignInChunks(chunks: readonly BuiltChunk[], signIn: readonly string[]): string | undefined {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const starts = chunks.filter(
    (chunk) => chunk.isEntry || (chunk.facadeModuleId && signIn.includes(chunk.facadeModuleId)),
  );
  const files = new Set<string>();
  const visit = (chunk: BuiltChunk | undefined) => {
    if (!chunk || files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    for (const imported of chunk.imports) visit(byFile.get(imported));
  };
  for (const chunk of starts) visit(chunk);
  const wrong = [...files]
    .map((file) => byFile.get(file))
    .filter((chunk) => chunk?.name === "dashboard" || chunk?.name === "common" || chunk?.name === "boot");
  if (!wrong.length) return undefined;
  return `The sign-in page would load ${wrong.map((chunk) => chunk?.fileName).join(", ")}: a module it needs was not found by scripts/route-chunks.ts (an import form it does not read?)`;
}
