import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const alias = {
  "@": fileURLToPath(new URL("./src", import.meta.url)),
  "@core": fileURLToPath(new URL("./core", import.meta.url)),
};

// Vitest's default (cores - 1) leaves one of a 2-core machine's cores idle while the
// main process mostly waits. A PGlite worker holds about half a gigabyte: no more than 4.
const workers = Math.min(4, availableParallelism());

// Two projects: `unit` (pure logic and components, no database) and `api`
// (the Fastify app over a real database: PGlite by default, PostgreSQL when
// TEST_DATABASE_URL is set). `npm test` runs `api` once per database.
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts", "tests/unit/**/*.test.tsx"],
          environment: "node",
          // Component and property tests can take seconds on a busy 2-core machine (one select
          // test took 33 s at load 20, its file 85 s against 1.7 s idle); a timeout here would
          // report a slow machine, not a broken rule. As long as the API tests'.
          testTimeout: 120_000,
          setupFiles: ["tests/unit/support/setup.ts"],
          // Its ESM build imports `lodash/isEqual` without an extension, which only a bundler resolves.
          server: { deps: { inline: ["@refinedev/react-table"] } },
          // A worker runs its files one after another without importing antd, Refine and the
          // dashboard's modules again for each (105 → 64 s for the project on 2 cores). Each
          // file renders its own components, resets the stores it uses and restores its mocks;
          // the whole project also passes in shuffled order (--sequence.shuffle).
          isolate: false,
          maxWorkers: workers,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          environment: "node",
          // A backup-and-restore or a second app inside one test takes 20-30 s on a 2-core
          // machine shared with another run; the limit is for a hang, not for a slow moment.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // PGlite is single-threaded WASM; forks keep each file's database apart.
          pool: "forks",
          // A fork runs its files one after another without re-importing the server for each:
          // importing it was half the CPU of a run (12 files: 196 → 99 CPU-seconds). Every file
          // builds its own app over its own database, so only module state would be shared:
          // caches keyed by what they hold (verified JWTs, abilities) and nothing a file sets
          // and leaves behind (environment variables and fake timers are restored after use).
          isolate: false,
          maxWorkers: workers,
          // Migrates one database per run; each file loads a copy instead of migrating its own.
          globalSetup: ["tests/api/support/database-template.ts"],
        },
      },
    ],
  },
});
