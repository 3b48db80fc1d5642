import { randomBytes } from "node:crypto";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { compression } from "vite-plugin-compression2";

const RUNTIME_CONFIG = `// Runtime settings of the dashboard, read before it starts. Edit after the build to point
// the dashboard at another API without rebuilding, e.g.:
// window.__APP_CONFIG__ = { apiUrl: "https://api.example.com/api" };
window.__APP_CONFIG__ = window.__APP_CONFIG__ || {};
`;

/** `/config.js`: an empty runtime config, served in dev and written into the build. */
function runtimeConfig(): Plugin {
  return {
    name: "runtime-config",
    configureServer(server) {
      server.middlewares.use("/config.js", (_request, response) => {
        response.setHeader("content-type", "text/javascript");
        response.end(RUNTIME_CONFIG);
      });
    },
    generateBundle() {
      this.emitFile({ type: "asset", fileName: "config.js", source: RUNTIME_CONFIG });
    },
  };
}

/** This build's id: BUILD_ID from the environment (CI), else the build time plus a random suffix. */
const BUILD_ID =
  process.env.BUILD_ID ??
  `${new Date().toISOString().replace(/\D/g, "").slice(0, 14)}-${randomBytes(4).toString("hex")}`;

/**
 * `/builds/latest.json` with the build id, written into the build (and served in dev); the
 * running app polls it and offers a reload when the id differs from its own (spec section 4).
 */
function buildInfo(): Plugin {
  const latest = `${JSON.stringify({ buildId: BUILD_ID, builtAt: new Date().toISOString() })}\n`;
  return {
    name: "build-info",
    configureServer(server) {
      server.middlewares.use("/builds/latest.json", (_request, response) => {
        response.setHeader("content-type", "application/json");
        response.setHeader("cache-control", "no-cache");
        response.end(latest);
      });
    },
    generateBundle(_options, bundle) {
      // The page manifest, keyed by build id: what a first page load of this build fetches
      // (the entry's script, its static imports and styles). The running app reads it once
      // latest.json names this build, and prefetches these files (build-version.ts).
      const files = new Set<string>();
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk" || !output.isEntry) continue;
        for (const file of [output.fileName, ...output.imports, ...(output.viteMetadata?.importedCss ?? [])]) {
          files.add(file);
        }
      }
      const manifest = { buildId: BUILD_ID, builtAt: new Date().toISOString(), files: [...files].sort() };
      this.emitFile({ type: "asset", fileName: `builds/${BUILD_ID}.json`, source: `${JSON.stringify(manifest)}\n` });
      this.emitFile({ type: "asset", fileName: "builds/latest.json", source: latest });
    },
  };
}

/**
 * Vendor chunks that change rarely and cache well. The entry (src/main.tsx, src/root.tsx)
 * loads one of two shells by path: the lean auth shell or the Refine dashboard app
 * (src/App.tsx, a lazy chunk). `react`, `antd` and `vendor` hold only what the entry itself
 * needs (`$initial`); `refine` holds Refine's core and react-query for the dashboard app.
 * The rest (antd Form, Table, Select, menus…) arrives with the chunks that use them: each
 * page is a lazy() import (src/resources/<name>/index.tsx), and rolldown splits the rest by
 * which pages share a module. A group takes its modules' dependencies along, so the
 * libraries others build on come first.
 */
const VENDOR_GROUPS = [
  {
    name: "react",
    test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
    priority: 40,
    initial: true,
  },
  {
    name: "antd",
    test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[^\\/]+)[\\/]/,
    priority: 30,
    initial: true,
  },
  // Refine's core and react-query (and what they build on, lodash-es, qs…): the dashboard
  // app's own libraries, in one chunk although the entry does not import them. Not
  // @refinedev/antd: it builds on antd Form and Table, which arrive with the pages.
  { name: "refine", test: /node_modules[\\/](@refinedev[\\/](core|react-router)|@tanstack)[\\/]/, priority: 20 },
  { name: "vendor", test: /node_modules[\\/]/, priority: 10, initial: true },
];

/**
 * @refinedev/antd imports react-markdown (for its MarkdownField) at the top of its
 * bundle. The unified/markdown packages do not declare `sideEffects: false`, so
 * without this rule ~120 kB of parser ship although no page renders markdown.
 * The same holds for rc-field-form (antd's form context imports its index: the whole
 * form engine and validator landed in the first load) and for papaparse and
 * error-stack-parser, which @refinedev/core imports for hooks the dashboard never calls.
 */
const SIDE_EFFECT_FREE =
  /node_modules[\\/](rc-field-form|@rc-component[\\/]async-validator|papaparse|error-stack-parser|stackframe|react-markdown|remark-[^\\/]+|micromark[^\\/]*|mdast-[^\\/]+|hast-[^\\/]+|unist-[^\\/]+|unified|vfile[^\\/]*)[\\/]/;

/**
 * antd writes each component's CSS at run time (CSS-in-JS): on a cold load of the list that
 * was ~0.5 s of the main thread. The components of the landing page (the shell and the label
 * report list) are rendered once at build time with the dashboard's theme, and their styles
 * written into a stylesheet the entry imports (`virtual:antd-styles.css`, src/main.tsx):
 * antd's own server-rendering route (cssinjs createCache, extractStyle). The sheet ends with
 * antd's map of the styles it holds; at run time antd reads it and skips generating those.
 * Every other component styles itself when it first renders, as before, and a theme change
 * simply falls back to run-time styles. Only these few: every antd component would be a
 * ~850 kB sheet, whose parsing delays the first paint more than the styles cost.
 */
const ANTD_STYLES_ID = "virtual:antd-styles.css";

type AntdModule = typeof import("antd");

function landingComponents(antd: AntdModule, h: typeof import("react").createElement) {
  const {
    Alert,
    Avatar,
    Badge,
    Button,
    Dropdown,
    Flex,
    Input,
    Layout,
    Menu,
    Pagination,
    Space,
    Spin,
    Switch,
    Table,
    Tag,
    Typography,
  } = antd;
  return [
    h(
      Layout,
      { hasSider: true, key: "layout" },
      h(
        Layout.Sider,
        { collapsible: true },
        h(Menu, { theme: "dark", mode: "inline", items: [{ key: "a", label: "a" }] }),
      ),
      h(Layout, null, h(Layout.Header), h(Layout.Content)),
    ),
    h(Alert, { key: "alert", type: "warning", banner: true, message: "a" }),
    h(Avatar, { key: "avatar" }),
    h(Badge, { key: "badge", count: 1 }),
    h(Button, { key: "button" }),
    h(Flex, { key: "flex" }),
    h(Input.Search, { key: "search" }),
    h(Pagination, { key: "pagination", total: 100, showSizeChanger: true }),
    h(Space, { key: "space" }),
    h(Spin, { key: "spin" }),
    h(Switch, { key: "switch" }),
    h(Table, {
      key: "table",
      columns: [{ key: "a", title: "a", dataIndex: "a", sorter: true }],
      dataSource: [{ a: 1, key: 1 }],
    }),
    h(Tag, { key: "tag" }),
    // The list's status tags (a preset status and a preset colour register sheets of their
    // own), its texts, and the header's menu: the run-time styles a cold load still wrote.
    h(Tag, { key: "tag-status", color: "success" }),
    h(Tag, { key: "tag-color", color: "blue" }),
    h(Typography.Text, { key: "text" }, "a"),
    h(Typography.Link, { key: "link" }, "a"),
    h(Dropdown, { key: "dropdown", menu: { items: [] } }, h("span", null, "a")),
  ];
}

function antdStaticStyles(): Plugin {
  let css: string | undefined;
  const render = async () => {
    // antd's CommonJS build and the cssinjs instance it uses: the cache must be the one antd writes to.
    const require = createRequire(import.meta.url);
    const antd = require("antd") as AntdModule;
    const cssinjs = require("@ant-design/cssinjs") as typeof import("@ant-design/cssinjs");
    const { createElement: h } = require("react") as typeof import("react");
    const { renderToString } = require("react-dom/server") as typeof import("react-dom/server");
    const { theme } = await import("./src/theme");
    const cache = cssinjs.createCache();
    renderToString(
      h(cssinjs.StyleProvider, { cache }, h(antd.ConfigProvider, { theme }, ...landingComponents(antd, h))),
    );
    return cssinjs.extractStyle(cache, true);
  };
  return {
    name: "antd-static-styles",
    resolveId: (source) => (source === ANTD_STYLES_ID ? `\0${ANTD_STYLES_ID}` : null),
    async load(id) {
      if (id !== `\0${ANTD_STYLES_ID}`) return null;
      css ??= await render();
      return css;
    },
  };
}

const ALIASES = [
  { find: /^@\//, replacement: `${fileURLToPath(new URL("./src", import.meta.url))}/` },
  { find: /^@core\//, replacement: `${fileURLToPath(new URL("./core", import.meta.url))}/` },
  // qs's cycle tracking without its old-engine fallbacks (src/shims/side-channel.cjs).
  { find: /^side-channel$/, replacement: fileURLToPath(new URL("./src/shims/side-channel.cjs", import.meta.url)) },
  // antd's rc-resize-observer imports a ResizeObserver polyfill; browsers have their own (src/shims/resize-observer.js).
  {
    find: /^resize-observer-polyfill$/,
    replacement: fileURLToPath(new URL("./src/shims/resize-observer.js", import.meta.url)),
  },
  // @refinedev/react-table imports CommonJS lodash's isEqual; Refine's core already ships
  // lodash-es's, the same function: one copy instead of two (~4 kB gzip on the list).
  { find: /^lodash\/isEqual$/, replacement: "lodash-es/isEqual" },
];

export default defineConfig({
  plugins: [
    react(),
    runtimeConfig(),
    buildInfo(),
    antdStaticStyles(),
    // Hashed scripts and styles, compressed once at build time (brotli at its best level, and
    // gzip): the server sends these files instead of compressing each request on its one
    // thread (server/app.ts, preCompressed). Not config.js: it is edited after the build.
    compression({ algorithms: ["brotliCompress", "gzip"], include: /^assets\/.+\.(js|css)$/, threshold: 1024 }),
  ],
  define: { "import.meta.env.VITE_BUILD_ID": JSON.stringify(BUILD_ID) },
  resolve: { alias: ALIASES },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // bench/lib/bundle.ts reads which chunks each page loads from it.
    manifest: true,
    // The antd vendor chunk (~950 kB, ~300 kB gzip) is the floor for an antd + Refine app.
    chunkSizeWarningLimit: 1000,
    // Written for the operator (server/app.ts never serves *.map), not referenced from the
    // served scripts: a browser's devtools would only ask for a map it cannot have.
    sourcemap: "hidden",
    rolldownOptions: {
      treeshake: { moduleSideEffects: [{ test: SIDE_EFFECT_FREE, sideEffects: false }] },
      output: {
        codeSplitting: {
          groups: [
            ...VENDOR_GROUPS.map(({ initial, ...group }) => ({
              ...group,
              minSize: 0,
              ...(initial ? { tags: ["$initial" as const] } : {}),
            })),
          ],
        },
      },
    },
  },
  server: {
    proxy: { "/api": { target: "http://127.0.0.1:3000", changeOrigin: true } },
  },
  preview: {
    proxy: { "/api": { target: "http://127.0.0.1:3000", changeOrigin: true } },
  },
});
