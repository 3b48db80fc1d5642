import { describe, expect, it } from "vitest";
import {
  type BuiltChunk,
  checkSignInChunks,
  type GraphModule,
  importedNames,
  type ModuleGraph,
  reachable,
  routeChunkOf,
} from "../../scripts/route-chunks";

const ANTD = "/app/node_modules/antd/es/index.js";
const BUTTON = "/app/node_modules/antd/es/button/index.js";
const TABLE = "/app/node_modules/antd/es/table/index.js";
const INPUT = "/app/node_modules/antd/es/input/index.js";

type Spec = Partial<GraphModule> & { imports?: string[]; lazy?: string[] };

function graphOf(modules: Record<string, Spec>): ModuleGraph {
  const importers = new Map<string, string[]>();
  for (const [id, spec] of Object.entries(modules)) {
    for (const lazy of spec.lazy ?? []) importers.set(lazy, [...(importers.get(lazy) ?? []), id]);
  }
  return (id) => {
    const spec = modules[id];
    if (!spec) return null;
    return {
      code: spec.code ?? "",
      exports: spec.exports ?? [],
      importedIds: spec.imports ?? [],
      dynamicallyImportedIds: spec.lazy ?? [],
      dynamicImporters: importers.get(id) ?? [],
    };
  };
}

const antdIndex: Spec = {
  code: [
    "export { default as Button } from './button';",
    "export { default as Input } from './input';",
    "export { default as Table } from './table';",
  ].join("\n"),
  imports: [BUTTON, INPUT, TABLE],
};

describe("route-shaped chunks (scripts/route-chunks.ts)", () => {
  it("reads the names a module imports from a library, aliases and default imports included", () => {
    const code = 'import Icon, { Button as B, type ButtonProps, Input } from "antd";\nimport { Table } from "antd";';
    expect(importedNames(code, "antd")).toEqual(["default", "Button", "Input", "Table"]);
  });

  it("gives up on an import it cannot narrow (a namespace, a re-export), so the whole index counts", () => {
    expect(importedNames('import * as antd from "antd";', "antd")).toBeUndefined();
    expect(importedNames('export { Button } from "antd";', "antd")).toBeUndefined();
    expect(importedNames('import { x } from "other";', "antd")).toBeUndefined();
  });

  /** A page importing from antd's index as `code` says, and antd's index over three components. */
  const pageOverAntd = (code: string) =>
    graphOf({
      "/app/src/page.tsx": { code, imports: [ANTD] },
      [ANTD]: antdIndex,
      [BUTTON]: {},
      [INPUT]: {},
      [TABLE]: {},
    });

  it("follows an import through antd's index only to the components imported", () => {
    const graph = pageOverAntd('import { Button } from "antd";');
    const seen = reachable(graph, ["/app/src/page.tsx"]);
    expect(seen.has(BUTTON)).toBe(true);
    expect(seen.has(TABLE)).toBe(false);
  });

  it("follows a module that re-exports with `export *` or imports then exports, to the module holding the name", () => {
    const hooks = "/app/node_modules/antd/es/_util/hooks/index.js";
    const motion = "/app/node_modules/antd/es/style/motion/index.js";
    const graph = graphOf({
      "/app/node_modules/antd/es/modal/index.js": {
        code: "import { useZIndex } from '../_util/hooks';\nimport { fadeIn } from '../style/motion';",
        imports: [hooks, motion],
      },
      [hooks]: {
        code: "export * from './useClosable';\nexport * from './useZIndex';",
        imports: [`${hooks.replace("index.js", "useClosable.js")}`, `${hooks.replace("index.js", "useZIndex.js")}`],
      },
      [hooks.replace("index.js", "useClosable.js")]: { exports: ["useClosable"] },
      [hooks.replace("index.js", "useZIndex.js")]: { exports: ["useZIndex"] },
      [motion]: {
        code: "import { fadeIn } from './fade';\nimport { slideIn } from './slide';\nexport { fadeIn, slideIn };",
        imports: [motion.replace("index.js", "fade.js"), motion.replace("index.js", "slide.js")],
      },
      [motion.replace("index.js", "fade.js")]: {},
      [motion.replace("index.js", "slide.js")]: {},
    });
    const seen = reachable(graph, ["/app/node_modules/antd/es/modal/index.js"]);
    expect(seen.has(hooks.replace("index.js", "useZIndex.js"))).toBe(true);
    expect(seen.has(hooks.replace("index.js", "useClosable.js"))).toBe(false);
    expect(seen.has(motion.replace("index.js", "fade.js"))).toBe(true);
    expect(seen.has(motion.replace("index.js", "slide.js"))).toBe(false);
  });

  it("counts the whole index when a module imports it in a way it cannot narrow", () => {
    const graph = pageOverAntd('import * as antd from "antd";');
    expect(reachable(graph, ["/app/src/page.tsx"]).has(TABLE)).toBe(true);
  });

  const app = {
    "/app/src/main.tsx": {
      code: 'import "./root";',
      imports: ["/app/src/root.tsx"],
      lazy: ["/app/src/App.tsx", "/app/src/boot.ts"],
    },
    "/app/src/root.tsx": { lazy: ["/app/src/auth-app.tsx", "/app/src/share.tsx"] },
    "/app/src/auth-app.tsx": { code: 'import { Input } from "antd";', imports: [ANTD, "/app/src/session.ts"] },
    "/app/src/share.tsx": { imports: ["/app/src/dates.ts"] },
    "/app/src/session.ts": {},
    "/app/src/dates.ts": {},
    "/app/src/boot.ts": { imports: ["/app/src/prefetch.ts", "/app/src/session.ts"] },
    "/app/src/prefetch.ts": {},
    "/app/src/App.tsx": {
      imports: ["/app/src/boot.ts", "/app/src/session.ts", "/app/src/layout.tsx"],
      lazy: ["/app/src/list.tsx", "/app/src/users.tsx"],
    },
    "/app/src/layout.tsx": {},
    "/app/src/list.tsx": {
      code: 'import { Input, Table } from "antd";',
      imports: [ANTD, "/app/src/dates.ts", "/app/src/columns.ts"],
    },
    "/app/src/users.tsx": { imports: ["/app/src/columns.ts"] },
    "/app/src/columns.ts": {},
    [ANTD]: antdIndex,
    [BUTTON]: {},
    [INPUT]: {},
    [TABLE]: {},
  } satisfies Record<string, Spec>;
  const roots = {
    entry: "/app/src/main.tsx",
    signIn: ["/app/src/auth-app.tsx"],
    landing: ["/app/src/boot.ts", "/app/src/App.tsx", "/app/src/list.tsx"],
    dashboard: ["/app/src/boot.ts", "/app/src/App.tsx"],
    boot: ["/app/src/boot.ts"],
  };

  it("puts what the landing list and the sign-in page both load in `shared`", () => {
    const chunks = routeChunkOf(graphOf(app), roots);
    expect(chunks.get("/app/src/session.ts")).toBe("shared");
    expect(chunks.get(INPUT)).toBe("shared");
  });

  it("puts what the dashboard's boot runs in `boot`, apart from the dashboard's code, unless the sign-in page has it", () => {
    const chunks = routeChunkOf(graphOf(app), roots);
    expect(chunks.get("/app/src/prefetch.ts")).toBe("boot");
    expect(chunks.get("/app/src/session.ts")).toBe("shared");
  });

  it("puts what the landing list shares only with other pages outside the dashboard in `common`", () => {
    expect(routeChunkOf(graphOf(app), roots).get("/app/src/dates.ts")).toBe("common");
  });

  it("puts the rest of the landing list in `dashboard`, also what other dashboard pages share with it", () => {
    const chunks = routeChunkOf(graphOf(app), roots);
    expect(chunks.get("/app/src/layout.tsx")).toBe("dashboard");
    expect(chunks.get("/app/src/columns.ts")).toBe("dashboard");
    expect(chunks.get(TABLE)).toBe("dashboard");
  });

  it("leaves the entry and every lazily imported page in a chunk of its own", () => {
    const chunks = routeChunkOf(graphOf(app), roots);
    expect(chunks.has("/app/src/main.tsx")).toBe(false);
    expect(chunks.has("/app/src/App.tsx")).toBe(false);
    expect(chunks.has("/app/src/boot.ts")).toBe(false);
    expect(chunks.has("/app/src/list.tsx")).toBe(false);
    expect(chunks.has("/app/src/users.tsx")).toBe(false);
  });

  const chunk = (fileName: string, name: string, imports: string[], facade: string | null = null): BuiltChunk => ({
    fileName,
    name,
    isEntry: fileName.startsWith("index"),
    facadeModuleId: facade,
    imports,
  });

  it("fails the build when the sign-in page would load the dashboard's chunk", () => {
    const chunks = [
      chunk("index.js", "index", ["shared.js"]),
      chunk("shared.js", "shared", []),
      chunk("auth-app.js", "auth-app", ["shared.js", "dashboard.js"], "/app/src/auth-app.tsx"),
      chunk("dashboard.js", "dashboard", ["shared.js"]),
    ];
    expect(checkSignInChunks(chunks, ["/app/src/auth-app.tsx"])).toMatch(/would load dashboard\.js/);
  });

  it("fails the build when the sign-in page would load the boot's or the common chunk", () => {
    const chunks = [
      chunk("index.js", "index", ["boot.js"]),
      chunk("boot.js", "boot", []),
      chunk("auth-app.js", "auth-app", ["common.js"], "/app/src/auth-app.tsx"),
      chunk("common.js", "common", []),
    ];
    expect(checkSignInChunks(chunks, ["/app/src/auth-app.tsx"])).toMatch(/would load boot\.js, common\.js/);
  });

  it("passes a build whose sign-in page loads only the entry's, the shared and its own chunks", () => {
    const chunks = [
      chunk("index.js", "index", ["shared.js"]),
      chunk("shared.js", "shared", []),
      chunk("auth-app.js", "auth-app", ["shared.js"], "/app/src/auth-app.tsx"),
      chunk("dashboard.js", "dashboard", ["shared.js"]),
      chunk("common.js", "common", ["shared.js"]),
    ];
    expect(checkSignInChunks(chunks, ["/app/src/auth-app.tsx"])).toBeUndefined();
  });
});
