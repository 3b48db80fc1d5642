import { defineConfig } from "@playwright/test";

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
  // A test or an expectation that fails waits this long before it says so; one that passes
  // costs nothing extra. Web-first assertions wait for what the user sees, and on a 2-core
  // machine running another test run beside this one (two workers, two servers, Chromium)
  // a lazy chunk and its first render can take many times Playwright's 5 s default: at a
  // load average of 20 (two `npm test` runs side by side), a report overlay's lower sections
  // took over 30 s to appear. One bound for every file, so no test carries a shorter one.
  timeout: 180_000,
  expect: { timeout: 60_000 },
  // In CI a test that fails once is run again and reported as flaky in the summary
  // (scripts/test.mjs), so a slow moment of the machine does not stop a landing unseen.
  retries: process.env.CI ? 1 : 0,
  // Each worker runs its own server over its own copy of the seeded demo database
  // (tests/e2e/support/fixtures.ts), so workers cannot disturb each other's data.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // Seeds that database once per run.
  globalSetup: "./tests/e2e/support/global-setup.ts",
  reporter: process.env.PW_JSON_OUTPUT ? [["list"], ["json", { outputFile: process.env.PW_JSON_OUTPUT }]] : "list",
  use: {
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: chromiumArgs,
    },
    screenshot: "only-on-failure",
    // In CI, a test's first run is recorded and its trace kept when it fails (test-results/,
    // `npx playwright show-trace`): a failure that passes on the retry can then be read
    // afterwards. DOM snapshots without screenshots, to keep the recording light.
    ...(process.env.CI
      ? { trace: { mode: "retain-on-first-failure" as const, screenshots: false, snapshots: true, sources: false } }
      : {}),
  },
});
