import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type TestApp } from "./support/app";

/**
 * The dashboard's page names the lazy chunks its address will run (server/http/dashboard-html.ts),
 * so the browser fetches them beside the entry instead of one import after another.
 */

const INDEX = `<!doctype html>
<html>
  <head>
    <script type="module" crossorigin src="/assets/index-e1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-r1.js">
  </head>
  <body><div id="root"></div></body>
</html>
`;

// The shape of Vite's manifest: source path → chunk, its static imports by key.
const MANIFEST = {
  "index.html": { file: "assets/index-e1.js", isEntry: true, imports: ["_react-r1.js"] },
  "_react-r1.js": { file: "assets/react-r1.js" },
  "_shared-s1.js": { file: "assets/shared-s1.js" },
  "src/boot-dashboard.ts": { file: "assets/boot-b1.js", imports: ["index.html", "_shared-s1.js"] },
  "src/App.tsx": { file: "assets/App-a1.js", imports: ["_react-r1.js", "_shared-s1.js"], css: ["assets/App-a1.css"] },
  "src/resources/label-reports/list.tsx": { file: "assets/list-l1.js", imports: ["_shared-s1.js"] },
  "src/auth-app.tsx": { file: "assets/auth-app-u1.js", imports: ["_react-r1.js"] },
  "src/pages/share/share-page.tsx": { file: "assets/share-p1.js" },
};

let t: TestApp;
let staticDir: string;

beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), "dashboard-page-"));
  writeFileSync(join(staticDir, "index.html"), INDEX);
  mkdirSync(join(staticDir, ".vite"));
  writeFileSync(join(staticDir, ".vite", "manifest.json"), JSON.stringify(MANIFEST));
  t = await createTestApp({ staticDir });
});
afterAll(async () => {
  await t?.close();
  rmSync(staticDir, { recursive: true, force: true });
});

const page = async (url: string) => {
  const res = await t.app.inject({ method: "GET", url });
  expect(res.statusCode, url).toBe(200);
  expect(res.headers["content-type"]).toContain("text/html");
  return res.body;
};
const preloaded = (html: string) =>
  [...html.matchAll(/rel="modulepreload" crossorigin href="\/([^"]+)"/g)].map((m) => m[1]);

describe("the page of a dashboard address", () => {
  test("the label report list names the boot's, the app's and the list's chunks, each once", async () => {
    for (const url of ["/label-reports", "/", "/label-reports/abc?filter=status[eq]ended"]) {
      const files = preloaded(await page(url));
      expect(files, url).toEqual([
        "assets/react-r1.js",
        "assets/boot-b1.js",
        "assets/shared-s1.js",
        "assets/App-a1.js",
        "assets/list-l1.js",
      ]);
    }
  });

  test("the app's styles are fetched ahead, not applied (the chunk's loader applies them)", async () => {
    const html = await page("/label-reports");
    expect(html).toContain('<link rel="preload" as="style" crossorigin href="/assets/App-a1.css">');
    expect(html).not.toContain('rel="stylesheet" crossorigin href="/assets/App-a1.css"');
  });

  test("another dashboard page names the app's chunks but not the list's", async () => {
    const files = preloaded(await page("/label-presets"));
    expect(files).toContain("assets/App-a1.js");
    expect(files).not.toContain("assets/list-l1.js");
  });

  test("a visitor's page names the lean sign-in shell, not the dashboard app", async () => {
    const files = preloaded(await page("/signin"));
    expect(files).toEqual(["assets/react-r1.js", "assets/auth-app-u1.js"]);
  });

  test("a share link's page names the share page alone", async () => {
    expect(preloaded(await page("/share/some-token"))).toEqual(["assets/react-r1.js", "assets/share-p1.js"]);
  });

  test("the links go in the head, after the entry's own", async () => {
    const html = await page("/label-reports");
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head.indexOf("index-e1.js")).toBeLessThan(head.indexOf("list-l1.js"));
    expect(head).toContain("list-l1.js");
  });

  test("a rebuild is served without a restart: the page follows the new manifest", async () => {
    const rebuilt = { ...MANIFEST, "src/resources/label-reports/list.tsx": { file: "assets/list-l2.js" } };
    writeFileSync(join(staticDir, ".vite", "manifest.json"), JSON.stringify(rebuilt));
    writeFileSync(join(staticDir, "index.html"), INDEX);
    const later = new Date(Date.now() + 5_000);
    utimesSync(join(staticDir, "index.html"), later, later);
    const files = preloaded(await page("/label-reports"));
    expect(files).toContain("assets/list-l2.js");
    expect(files).not.toContain("assets/list-l1.js");
  });
});

describe("without a build manifest it can read", () => {
  async function pageWith(manifest: string | undefined): Promise<{ status: number; body: string }> {
    const dir = mkdtempSync(join(tmpdir(), "dashboard-page-bare-"));
    writeFileSync(join(dir, "index.html"), INDEX);
    if (manifest !== undefined) {
      mkdirSync(join(dir, ".vite"));
      writeFileSync(join(dir, ".vite", "manifest.json"), manifest);
    }
    const bare = await createTestApp({ staticDir: dir });
    try {
      const res = await bare.app.inject({ method: "GET", url: "/label-reports" });
      return { status: res.statusCode, body: res.body };
    } finally {
      await bare.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }

  test("no manifest: the page is index.html as built", async () => {
    expect(await pageWith(undefined)).toEqual({ status: 200, body: INDEX });
  });

  test("a manifest that is not Vite's: the page as built, never an error", async () => {
    for (const manifest of ["not json", "null", '{"src/App.tsx":{"file":"assets/a.js","imports":5}}']) {
      expect(await pageWith(manifest), manifest).toEqual({ status: 200, body: INDEX });
    }
  });
});
