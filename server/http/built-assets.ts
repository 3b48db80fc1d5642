import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import type { TypedRequests } from "./type-provider";

/**
 * The build's hashed scripts and styles (dist/assets), answered from memory. A cold load of
 * the dashboard asks for ~60 of them; through @fastify/static each cost about 1 ms of the
 * server's one thread (two file-system lookups for the compressed file, an open, a stream),
 * which on a small machine competes with the browsers it serves: served from memory, about
 * 0.15 ms (docs/decisions.md, "The build's hashed files are served from memory"). A hashed name never changes its
 * contents, so a file is read once, on its first request; a rebuild's new names are read as
 * they are first asked for, without a restart. Everything else under /assets (source maps,
 * other kinds of file) goes on to @fastify/static and its rules.
 */

/** A built script or style: dot-separated name parts, no path (no `/`, no `..`). */
const BUILT_FILE = /^[\w-]+(?:\.[\w-]+)*\.(?:js|css)$/;

/** Beyond this, files are read from disk on every request instead of kept (many rebuilds in one process). */
const MAX_CACHED_BYTES = 64 * 1024 * 1024;

type Encoding = "br" | "gzip";

interface BuiltFile {
  type: string;
  /** The build's own compressed copies (vite.config.ts writes .br and .gz beside each file). */
  br: Buffer | undefined;
  gzip: Buffer | undefined;
  identity: Buffer;
}

/** The build's encodings the request accepts (`accept-encoding`, q=0 refuses one), best first. */
function acceptedEncodings(header: string | undefined): Encoding[] {
  const accepted = new Set<string>();
  for (const part of (header ?? "").split(",")) {
    const [token = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (token && !(q && Number(q.slice(2)) === 0)) accepted.add(token);
  }
  const wanted: Encoding[] = [];
  if (accepted.has("br")) wanted.push("br");
  if (accepted.has("gzip")) wanted.push("gzip");
  return wanted;
}

async function readOptional(path: string): Promise<Buffer | undefined> {
  try {
    return await readFile(path);
  } catch {
    return undefined;
  }
}

export function builtAssets(staticDir: string) {
  const dir = join(staticDir, "assets");
  // The reading, not its result: requests for a file still being read share one read.
  const cache = new Map<string, Promise<BuiltFile | undefined>>();
  let cachedBytes = 0;

  async function read(name: string): Promise<BuiltFile | undefined> {
    const identity = await readOptional(join(dir, name));
    if (!identity) return undefined;
    const [br, gzip] = await Promise.all([
      readOptional(join(dir, `${name}.br`)),
      readOptional(join(dir, `${name}.gz`)),
    ]);
    const type = name.endsWith(".css") ? "text/css; charset=utf-8" : "text/javascript; charset=utf-8";
    return { type, br, gzip, identity };
  }

  function load(name: string): Promise<BuiltFile | undefined> {
    const kept = cache.get(name);
    if (kept) return kept;
    const reading = read(name);
    cache.set(name, reading);
    reading.then((file) => {
      const size = file ? file.identity.length + (file.br?.length ?? 0) + (file.gzip?.length ?? 0) : 0;
      // Not there (yet: a rebuild may bring it), or past the bound: read again next time.
      if (!file || cachedBytes + size > MAX_CACHED_BYTES) cache.delete(name);
      else cachedBytes += size;
    });
    return reading;
  }

  return async function plugin(server: FastifyInstance): Promise<void> {
    const app = server.withTypeProvider<TypedRequests>();
    const schema = { hide: true, params: Type.Object({ file: Type.String() }) };
    app.get("/assets/:file", { schema }, async (request, reply) => {
      const name = request.params.file;
      if (!BUILT_FILE.test(name)) {
        // Source maps stay the operator's, as @fastify/static's allowedPath says; other kinds of file go to it.
        const refused = /\.map$/i.test(name) || name.includes("/") || name.includes("..");
        return refused ? reply.callNotFound() : reply.sendFile(`assets/${name}`);
      }
      const file = await load(name);
      if (!file) return reply.callNotFound();
      const encoding = acceptedEncodings(request.headers["accept-encoding"]).find((e) => file[e]);
      reply
        .header("content-type", file.type)
        .header("cache-control", "public, max-age=31536000, immutable")
        .header("vary", "accept-encoding");
      if (encoding) reply.header("content-encoding", encoding);
      return reply.send(encoding ? file[encoding] : file.identity);
    });
  };
}
