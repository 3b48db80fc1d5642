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
    // Serves the already built dashboard (npm test builds it first) over a fresh embedded database.
    command: "node --import tsx server/main.ts",
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: process.env.E2E_DATA_DIR ?? ".tmp/e2e-data",
      SEED_PROFILE: "small",
      LOG_LEVEL: "warn",
    },
  },
});
