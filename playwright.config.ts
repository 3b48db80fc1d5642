import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3199);

// Debian's Chromium, never a downloaded browser (none can be fetched here).
export const chromiumArgs = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 60_000,
  // Web-first assertions wait for what the user sees; on a loaded 2-core machine that can
  // take well over Playwright's 5 s default, and a longer wait costs nothing when it passes.
  expect: { timeout: 15_000 },
  // In CI a test that fails once is run again and reported as flaky in the summary
  // (scripts/test.mjs), so a slow moment of the machine does not stop a landing unseen.
  retries: process.env.CI ? 1 : 0,
  workers: 1,
  reporter: process.env.PW_JSON_OUTPUT ? [["list"], ["json", { outputFile: process.env.PW_JSON_OUTPUT }]] : "list",
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: chromiumArgs,
    },
    screenshot: "only-on-failure",
  },
  webServer: {
    // The real server over a fresh embedded database, serving the already built dashboard (npm test
    // builds it first), with a local SMTP server and OpenID provider beside it (tests/e2e/support/serve.ts).
    command: "node --import tsx tests/e2e/support/serve.ts",
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: process.env.E2E_DATA_DIR ?? ".tmp/e2e-data",
      SEED_PROFILE: "small",
      LOG_LEVEL: "warn",
      // Short access tokens, so a browser test sees a refresh happen mid-session.
      ACCESS_TOKEN_SECONDS: "8",
      // Every browser test comes from 127.0.0.1, like a whole office behind one address: the
      // per-address limits are tested by the API tests, not spent by the suite's sign-ups.
      AUTH_LOOKUPS_PER_ADDRESS: "10000",
    },
  },
});
