import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";

// The linter (biome.json) keeps React, antd, Refine and TanStack out of core/ and src/ out of
// the server; it cannot tell a type import from a value import, which this rule is about.

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe("the boundary of core/", () => {
  test("the dashboard imports only the types of the API schemas, so their validators never reach the bundle", () => {
    const valueImports = sourceFiles("src").flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(/^import\s+(?!type\b)[^;]*?from\s+["']@core\/api\/[^"']+["']/gms)].map(
        (m) => `${file}: ${m[0].replace(/\s+/g, " ")}`,
      ),
    );
    expect(valueImports).toEqual([]);
  });
});
