import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import compress from "@fastify/compress";
import fastifyStatic from "@fastify/static";
import Fastify from "fastify";
import { manifestEntryJs, type Sizes } from "./bundle";

/**
 * The reference starter (bench/reference-starter: Refine's Vite + antd template without
 * its markdown editor and command palette), built in the same run with the repository's
 * node_modules, and served with a simple-rest API holding the same rows our list shows.
 */

export interface StarterBuild {
  dir: string;
  ms: number;
  /** First-load JS of its list page: the template loads every page up front. */
  listPageJs: Sizes;
}

export function buildStarter(root: string): StarterBuild {
  const config = join(root, "bench", "reference-starter", "vite.config.ts");
  const dir = join(root, "bench", "results", "reference-starter");
  const started = performance.now();
  const result = spawnSync("npx", ["vite", "build", "--config", config], { cwd: root, encoding: "utf8" });
  if (result.status !== 0 || !existsSync(join(dir, "index.html"))) {
    throw new Error(
      `reference starter build failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`.trim(),
    );
  }
  return { dir, ms: performance.now() - started, listPageJs: manifestEntryJs(dir) };
}

export interface StarterServer {
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * The starter's files (compressed, hashed assets cached for a year, history fallback,
 * as our server does) and a simple-rest API: `GET /api/<resource>?_start&_end` answers
 * a slice of fixed rows with `x-total-count`. The rows are our list's own rows, fetched
 * once, so both apps render the same data; this API does no database work at all,
 * which favours the starter.
 */
export async function serveStarter(
  dir: string,
  data: { reports: Record<string, unknown>[]; reportTotal: number; presets: Record<string, unknown>[] },
): Promise<StarterServer> {
  const app = Fastify({ logger: false });
  await app.register(compress, { threshold: 1024 });
  await app.register(fastifyStatic, {
    root: dir,
    wildcard: true,
    setHeaders(reply, path) {
      reply.header(
        "cache-control",
        path.includes(join(dir, "assets")) ? "public, max-age=31536000, immutable" : "no-cache",
      );
    },
  });
  const slice = (rows: Record<string, unknown>[], total: number) => {
    return async (request: { query: unknown }, reply: { header(name: string, value: string): unknown }) => {
      const q = request.query as { _start?: string; _end?: string };
      const start = Number(q._start ?? 0);
      const end = Number(q._end ?? 10);
      reply.header("x-total-count", String(total));
      reply.header("access-control-expose-headers", "x-total-count");
      return Array.from({ length: Math.max(0, end - start) }, (_, i) => rows[(start + i) % rows.length]);
    };
  };
  app.get("/api/label-reports", slice(data.reports, data.reportTotal));
  app.get("/api/label-reports/:id", async (request) => {
    const { id } = request.params as { id: string };
    return data.reports.find((r) => r.id === id) ?? data.reports[0];
  });
  app.get("/api/label-presets", slice(data.presets, data.presets.length));
  app.setNotFoundHandler((_request, reply) => reply.header("cache-control", "no-cache").sendFile("index.html"));
  await app.listen({ host: "127.0.0.1", port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}`, close: () => app.close() };
}
