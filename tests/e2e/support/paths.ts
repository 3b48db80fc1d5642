import { resolve } from "node:path";

/**
 * Where the browser tests keep their state. The demo database is seeded once per run into
 * the template folder; each Playwright worker (by its parallel index, so a worker that
 * replaces a failed one takes its place) copies it and runs its own server (fixtures.ts).
 */
export const E2E_TEMPLATE_DIR = resolve(process.env.E2E_DATA_DIR ?? ".tmp/e2e-data", "template");

export function e2eWorkerPaths(parallelIndex: number) {
  const root = resolve(process.env.E2E_DATA_DIR ?? ".tmp/e2e-data");
  return {
    dataDir: resolve(root, `worker-${parallelIndex}`),
    mailDir: resolve(root, `mail-${parallelIndex}`),
  };
}

/** The mail folder of the worker this code runs in (Playwright sets TEST_PARALLEL_INDEX in each worker). */
export function currentMailDir(): string {
  return e2eWorkerPaths(Number(process.env.TEST_PARALLEL_INDEX ?? 0)).mailDir;
}
