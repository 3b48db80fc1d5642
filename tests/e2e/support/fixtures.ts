import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, rmSync } from "node:fs";
import { type AddressInfo, createServer } from "node:net";
import { test as base } from "@playwright/test";
import { E2E_TEMPLATE_DIR, e2eWorkerPaths } from "./paths";

// Everything else a spec needs from Playwright (expect, types) comes through here too.
export * from "@playwright/test";

interface E2EServer {
  url: string;
}

/** How long a server may take to open its copied database and listen, on a loaded machine. */
const START_TIMEOUT_MS = 150_000;

async function healthy(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the e2e server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the e2e server at ${url} did not answer /api/health within ${START_TIMEOUT_MS / 1000} s`);
}

/**
 * A port for a worker's server: `E2E_PORT` + the worker's index when set, else one the system
 * has free, so two checkouts can run their browser tests at the same time without a setting.
 */
async function serverPort(parallelIndex: number): Promise<number> {
  if (process.env.E2E_PORT) return Number(process.env.E2E_PORT) + parallelIndex;
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", resolve);
  });
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill("SIGKILL"), 15_000);
    child.once("exit", () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

/**
 * Every browser test file imports `test` from here. Each Playwright worker runs its own
 * server (the real one, tests/e2e/support/serve.ts) on its own copy of the demo database
 * seeded once per run (global-setup.ts), with its own mail catcher: tests in different
 * workers never see each other's changes (a password changed, a person renamed), and a
 * worker that replaces a failed one starts from the seeded state again.
 */
export const test = base.extend<object, { e2eServer: E2EServer; accessTokenSeconds: number }>({
  // Short access tokens, so a browser test sees a refresh happen mid-session. A describe block
  // that needs the usual hour (the boot's prefetch of the landing list, which a token about to be
  // refreshed skips) sets it with test.use(): Playwright gives it a worker and server of its own.
  accessTokenSeconds: [8, { scope: "worker", option: true }],
  e2eServer: [
    async ({ accessTokenSeconds }, use, workerInfo) => {
      const paths = e2eWorkerPaths(workerInfo.parallelIndex);
      const port = await serverPort(workerInfo.parallelIndex);
      rmSync(paths.dataDir, { recursive: true, force: true });
      cpSync(E2E_TEMPLATE_DIR, paths.dataDir, { recursive: true });
      const child = spawn(process.execPath, ["--import", "tsx", "tests/e2e/support/serve.ts"], {
        stdio: ["ignore", "inherit", "inherit"],
        env: {
          ...process.env,
          PORT: String(port),
          HOST: "127.0.0.1",
          DATA_DIR: paths.dataDir,
          E2E_MAIL_DIR: paths.mailDir,
          // The copy is seeded already; a worker never seeds on its own.
          SEED_PROFILE: "none",
          LOG_LEVEL: "warn",
          ACCESS_TOKEN_SECONDS: String(accessTokenSeconds),
          // Every browser test comes from 127.0.0.1, like a whole office behind one address: the
          // per-address limits are tested by the API tests, not spent by the suite's sign-ups.
          AUTH_LOOKUPS_PER_ADDRESS: "10000",
        },
      });
      const url = `http://127.0.0.1:${port}`;
      try {
        await healthy(url, child);
        await use({ url });
      } finally {
        await stop(child);
      }
    },
    { scope: "worker", auto: true, timeout: START_TIMEOUT_MS + 30_000 },
  ],
  baseURL: async ({ e2eServer }, use) => use(e2eServer.url),
});
