import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";

// A handler types its input from its route's schema (server/http/type-provider.ts): a cast
// states a shape Ajv never checked, so the type and the validation drift apart unseen.
const serverDir = fileURLToPath(new URL("../../server", import.meta.url));

/** `request.body as {…}`, `(request.body ?? {}) as …`, `request.query as Record<…>` and the like. */
const REQUEST_CAST = /\brequest\.(?:body|query|params|headers)\b(?:\s*\?\?\s*\{\s*\})?\s*\)?\s+as\s+(?!const\b)/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe("server route handlers", () => {
  test("no handler casts request.body, query, params or headers instead of typing them from the schema", () => {
    const casts = sourceFiles(serverDir).flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .flatMap((line, i) =>
          REQUEST_CAST.test(line) ? [`server/${relative(serverDir, file)}:${i + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(casts).toEqual([]);
  });
});
