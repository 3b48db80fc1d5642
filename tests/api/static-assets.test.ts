import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type TestApp } from "./support/app";

/** The dashboard's built files: compressed once at build time, cached for a year when hashed. */

const SCRIPT = `console.log(${JSON.stringify("cold chain ".repeat(400))});`;
const BUILT_BROTLI = brotliCompressSync(SCRIPT);
const STYLE = "body { margin: 0; }";

let t: TestApp;
let staticDir: string;

beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), "static-assets-"));
  mkdirSync(join(staticDir, "assets"));
  writeFileSync(join(staticDir, "index.html"), "<!doctype html><title>dashboard</title>");
  writeFileSync(join(staticDir, "assets", "app-abc123.js"), SCRIPT);
  writeFileSync(join(staticDir, "assets", "app-abc123.js.br"), BUILT_BROTLI);
  writeFileSync(join(staticDir, "assets", "app-abc123.js.gz"), gzipSync(SCRIPT));
  writeFileSync(join(staticDir, "assets", "index-def456.css"), STYLE);
  // What `vite build` writes beside them (vite.config.ts: sourcemap, manifest).
  writeFileSync(join(staticDir, "assets", "app-abc123.js.map"), '{"version":3,"sources":["../src/secret.ts"]}');
  mkdirSync(join(staticDir, ".vite"));
  writeFileSync(join(staticDir, ".vite", "manifest.json"), '{"src/main.tsx":{"file":"assets/app-abc123.js"}}');
  t = await createTestApp({ staticDir });
});
afterAll(async () => {
  await t?.close();
  rmSync(staticDir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: "GET", url, headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });

describe("built assets", () => {
  test("a hashed script is sent as the build's brotli file to a browser that accepts brotli", async () => {
    const res = await get("/assets/app-abc123.js", "gzip, deflate, br");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.rawPayload.equals(BUILT_BROTLI)).toBe(true);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
    expect(res.headers["content-type"]).toContain("javascript");
  });

  test("a browser without brotli gets the build's gzip file, and one without compression the script itself", async () => {
    const gzip = await get("/assets/app-abc123.js", "gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    const plain = await get("/assets/app-abc123.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  test("hashed assets are cached for a year, the page itself is revalidated", async () => {
    expect((await get("/assets/app-abc123.js", "br")).headers["cache-control"]).toBe(
      "public, max-age=31536000, immutable",
    );
    expect((await get("/label-reports", "br")).headers["cache-control"]).toBe("no-cache");
  });
});

describe("built assets from memory", () => {
  test("a browser that refuses brotli (q=0) gets the gzip file", async () => {
    const res = await get("/assets/app-abc123.js", "br;q=0, gzip");
    expect(res.headers["content-encoding"]).toBe("gzip");
  });

  test("a style sheet is sent as CSS, as it is when the build wrote no compressed copy", async () => {
    const res = await get("/assets/index-def456.css", "gzip, br");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/css");
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.body).toBe(STYLE);
  });

  test("scripts carry the security headers every response has (no MIME sniffing)", async () => {
    expect((await get("/assets/app-abc123.js", "br")).headers["x-content-type-options"]).toBe("nosniff");
  });

  test("a rebuild's new chunk is served without a restart", async () => {
    await get("/assets/app-abc123.js", "br");
    writeFileSync(join(staticDir, "assets", "app-new789.js"), "export {};");
    const res = await get("/assets/app-new789.js");
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe("export {};");
  });

  test("a chunk that is not there is a 404, never the page", async () => {
    const res = await get("/assets/app-gone000.js", "br");
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain("<title>");
  });

  test("an encoded path out of the assets folder is refused", async () => {
    for (const path of ["/assets/..%2F.vite%2Fmanifest.json", "/assets/..%2Findex.html", "/assets/%2E%2E%2Fapp.js"]) {
      const res = await get(path, "br");
      expect(res.statusCode, path).toBe(404);
      expect(res.body, path).not.toContain("src/main.tsx");
    }
  });
});

describe("what the build keeps for the operator", () => {
  test("source maps are not served: they would hand out the dashboard's sources", async () => {
    for (const encoding of [undefined, "gzip, br"]) {
      const res = await get("/assets/app-abc123.js.map", encoding);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain("secret.ts");
    }
  });

  test("the build manifest /.vite/manifest.json is not served: it maps out every chunk", async () => {
    expect((await get("/.vite/manifest.json")).statusCode).toBe(404);
    for (const path of [
      "/.vite/manifest.json",
      "/.vite/",
      "/%2Evite/manifest.json",
      "/assets/../.vite/manifest.json",
    ]) {
      expect((await get(path)).body, path).not.toContain("src/main.tsx");
    }
  });
});
