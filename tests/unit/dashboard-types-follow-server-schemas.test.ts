import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, test } from "vitest";

// The dashboard's record types are derived from the schemas the server serialises with
// (core/api/). This compiles a dashboard file against a copy of one schema with a
// property renamed, as a server-side rename would, and expects the dashboard to stop
// compiling: with hand-copied types it would still compile and meet `undefined` at run time.
// Two compilations of real files take seconds of CPU, hence the long limit on a busy machine.
const root = fileURLToPath(new URL("../..", import.meta.url));

function compilerOptions(): ts.CompilerOptions {
  const configPath = resolve(root, "tsconfig.json");
  const config = ts.readConfigFile(configPath, (path) => ts.sys.readFile(path));
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, root, undefined, configPath);
  // The preset form reads only core/ and the record types, which need neither the DOM's nor
  // Node's nor Vite's ambient types (core/tsconfig.json has none): without them both
  // compilations take a third of the time.
  return { ...options, types: [], lib: ["lib.es2023.d.ts"] };
}

interface Rename {
  /** The schema module, relative to the repository. */
  schema: string;
  /** The property's declaration as the schema writes it, and the declaration it becomes. */
  from: string;
  to: string;
}

/** The type errors of one dashboard file, compiled as the project would, with an optional change to a schema. */
function dashboardErrors(dashboardFile: string, rename: Rename | null, oldProgram?: ts.Program) {
  const options = compilerOptions();
  const host = ts.createCompilerHost(options, true);
  const schemaPath = rename ? resolve(root, rename.schema) : null;
  const readSource = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    if (rename && resolve(fileName) === schemaPath) {
      const text = readFileSync(fileName, "utf8");
      if (!text.includes(rename.from)) throw new Error(`${rename.schema} no longer declares: ${rename.from}`);
      return ts.createSourceFile(fileName, text.replace(rename.from, rename.to), languageVersion, true);
    }
    return readSource(fileName, languageVersion, onError, shouldCreate);
  };
  const program = ts.createProgram({ rootNames: [resolve(root, dashboardFile)], options, host, oldProgram });
  const source = program.getSourceFile(resolve(root, dashboardFile));
  if (!source) throw new Error(`not compiled: ${dashboardFile}`);
  const messages = program
    .getSemanticDiagnostics(source)
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
  return { messages, program };
}

describe("the dashboard's record types", () => {
  test("a label preset setting renamed in its one declaration fails the dashboard's typecheck", () => {
    // The preset form reads every rule setting of the preset it edits.
    const file = "src/resources/label-presets/preset-form.ts";
    const before = dashboardErrors(file, null);
    expect(before.messages).toEqual([]);

    const after = dashboardErrors(
      file,
      {
        schema: "core/domain/label-preset.ts",
        from: "  temperatureMin: { kind:",
        to: "  temperatureLow: { kind:",
      },
      before.program,
    );
    expect(after.messages.join("\n")).toMatch(/'temperatureMin' does not exist/);
  }, 180_000);

  test("a field of a role renamed in the API's role schema fails the dashboard's typecheck", () => {
    // The sign-in flow reads the person's names from the roles a sign-in answers.
    const file = "src/providers/auth/roles.ts";
    const before = dashboardErrors(file, null);
    expect(before.messages).toEqual([]);

    const after = dashboardErrors(
      file,
      { schema: "core/api/role-token.ts", from: "    firstName: Type.String(),", to: "    givenName: Type.String()," },
      before.program,
    );
    expect(after.messages.join("\n")).toMatch(/'firstName'/);
  }, 180_000);
});
