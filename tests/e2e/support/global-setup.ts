import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { E2E_TEMPLATE_DIR } from "./paths";

/**
 * Seeds the demo database (the `small` profile, as `npm start` would with SEED_PROFILE=small)
 * once per run, into the folder every worker's server copies (fixtures.ts): one seed instead
 * of one per worker, and every worker starts from the same state.
 */
export default function globalSetup() {
  rmSync(E2E_TEMPLATE_DIR, { recursive: true, force: true });
  const started = Date.now();
  const seeded = spawnSync(
    process.execPath,
    ["--import", "tsx", "server/seed/cli.ts", "--profile", "small", "--data-dir", E2E_TEMPLATE_DIR],
    { stdio: ["ignore", "pipe", "inherit"], env: { ...process.env, DATABASE_URL: "", LOG_LEVEL: "warn" } },
  );
  if (seeded.status !== 0) {
    throw new Error(`seeding the browser tests' database failed (exit ${seeded.status ?? seeded.signal})`);
  }
  console.log(`e2e: demo database seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
