import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { ANTD_IMPORT_REWRITES, rewriteAntdModule } from "../../scripts/antd-import-rewrites";

const antdEs = join(dirname(createRequire(import.meta.url).resolve("antd/package.json")), "es");

describe("antd import rewrites (scripts/antd-import-rewrites.ts)", () => {
  it.each(ANTD_IMPORT_REWRITES.map((r) => [r.file, r.line] as const))(
    "the installed antd's %s still has the line the build replaces: %s",
    (file, line) => {
      const source = readFileSync(join(antdEs, file), "utf8");
      expect(source).toContain(line);
      const out = rewriteAntdModule(source, join(antdEs, file)) ?? "";
      expect(out).not.toContain(line);
    },
  );

  it("fails the build when antd's source no longer has a line it replaces, instead of shipping the code again", () => {
    const id = "/app/node_modules/antd/es/form/context.js";
    expect(() => rewriteAntdModule("import { FormProvider } from 'rc-field-form/lib';", id)).toThrow(/no longer has/);
  });

  it("leaves every other module alone", () => {
    expect(rewriteAntdModule("import Tooltip from '../tooltip';", "/app/node_modules/antd/es/button/index.js")).toBe(
      null,
    );
  });
});
