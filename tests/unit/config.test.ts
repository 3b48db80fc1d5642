import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { CONFIG_VARIABLES, ConfigError, readConfig } from "../../server/config";

/** Configuration: every variable read and checked in one place, at start, and docs/operations.md lists them all. */

describe("a value the server cannot use stops the start with a message naming the variable", () => {
  test.each([
    ["ACCESS_TOKEN_SECONDS", "abc"],
    ["ACCESS_TOKEN_SECONDS", "0"],
    ["REFRESH_TOKEN_SECONDS", "1e9x"],
    ["SESSION_MAX_HOURS", "0"],
    ["PORT", "eighty"],
    ["PORT", "70000"],
    ["PG_POOL_SIZE", "ten"],
    ["IMPERSONATION_MINUTES", "1.5"],
    ["LIST_EXACT_COUNT_LIMIT", "-1"],
    ["AUTH_ATTEMPTS_PER_ADDRESS", "many"],
    ["AUTH_FAILURES_PER_ACCOUNT", "NaN"],
    ["AUTH_LOOKUPS_PER_ADDRESS", "Infinity"],
    ["AUTH_LOOKUP_FLOOR_MS", "fast"],
    ["ALERT_WORKER_INTERVAL_MS", "10"],
    ["SERVER_PROCESSES", "two"],
    ["LOG_LEVEL", "verbose"],
    ["SEED_PROFILE", "huge"],
    ["PUBLIC_URL", "dashboard.example.com"],
    ["DATABASE_URL", "mysql://db/coldchain"],
    ["SMTP_URL", "not a url"],
    ["OIDC_ISSUER", "ftp://idp.example"],
    ["RETENTION_YEARS", "1"],
    ["RETENTION_YEARS", "forever"],
  ])("%s=%s", (name, value) => {
    let thrown: unknown;
    try {
      readConfig({ [name]: value });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    expect((thrown as Error).message).toContain(name);
  });

  test("an OIDC issuer without a client id (or the reverse) is refused", () => {
    expect(() => readConfig({ OIDC_ISSUER: "https://idp.example" })).toThrow(/OIDC_CLIENT_ID/);
    expect(() => readConfig({ OIDC_CLIENT_ID: "dashboard" })).toThrow(/OIDC_ISSUER/);
  });
});

test("unset or empty variables take their documented defaults", () => {
  const config = readConfig({ ACCESS_TOKEN_SECONDS: "", PORT: "" });
  expect(config).toMatchObject({
    port: 3000,
    accessTokenSeconds: 3600,
    refreshTokenSeconds: 100 * 24 * 3600,
    sessionMaxHours: 12,
    impersonationMinutes: 60,
    pgPoolSize: 10,
    listExactCountLimit: 1000,
    authAttemptsPerAddress: 200,
    authFailuresPerAccount: 100,
    authLookupsPerAddress: 30,
    authLookupFloorMs: 200,
    publicUrl: "http://localhost:3000",
    thirdPartyProviders: [],
  });
});

test("good values are read: numbers, the OIDC provider, PUBLIC_URL without its trailing slash", () => {
  const config = readConfig({
    ACCESS_TOKEN_SECONDS: "8",
    PG_POOL_SIZE: "20",
    PUBLIC_URL: "https://cold.example.com/",
    OIDC_ISSUER: "https://idp.example",
    OIDC_CLIENT_ID: "dashboard",
  });
  expect(config.accessTokenSeconds).toBe(8);
  expect(config.pgPoolSize).toBe(20);
  expect(config.publicUrl).toBe("https://cold.example.com");
  expect(config.thirdPartyProviders).toEqual([
    { id: "oidc", name: "Single sign-on", issuer: "https://idp.example", clientId: "dashboard", clientSecret: "" },
  ]);
});

/** The variable names in docs/operations.md's "Configuration" table, except build-time ones (the dashboard's build reads those). */
function documentedVariables(): string[] {
  const operations = readFileSync(new URL("../../docs/operations.md", import.meta.url), "utf8");
  const section = operations.split("\n## Configuration\n")[1]?.split("\n## ")[0] ?? "";
  const names: string[] = [];
  for (const line of section.split("\n")) {
    const cells = line.split("|").map((cell) => cell.trim());
    const [, variable, , meaning] = cells;
    if (!variable || !meaning || variable === "variable" || /^-+$/.test(variable)) continue;
    if (meaning.startsWith("build time")) continue;
    for (const match of variable.matchAll(/`([A-Z0-9_]+)`/g)) names.push(match[1] as string);
  }
  return names;
}

/** The names readConfig looks up in the environment it is given, recorded as it reads them. */
function variablesReadConfigReads(): string[] {
  const read = new Set<string>();
  // Issuer and client id set, so the provider's optional variables are read too.
  const env: Record<string, string> = { OIDC_ISSUER: "https://idp.example", OIDC_CLIENT_ID: "dashboard" };
  const watched = new Proxy(env, {
    get(target, name) {
      if (typeof name === "string") read.add(name);
      return target[name as string];
    },
  });
  readConfig(watched);
  return [...read];
}

test("docs/operations.md's configuration table lists exactly the variables the server reads", () => {
  expect(documentedVariables().sort()).toEqual([...CONFIG_VARIABLES].sort());
});

test("the config module reads exactly the variables it lists, and nothing else", () => {
  expect(variablesReadConfigReads().sort()).toEqual([...CONFIG_VARIABLES].sort());
});

describe("retention", () => {
  test("unset, nothing is ever deleted (retention off)", () => {
    expect(readConfig({}).retentionYears).toBeNull();
  });

  test("RETENTION_YEARS sets the years after a report's end it is kept", () => {
    expect(readConfig({ RETENTION_YEARS: "10" }).retentionYears).toBe(10);
  });
});
