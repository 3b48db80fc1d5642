import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const alias = { "@": fileURLToPath(new URL("./src", import.meta.url)) };

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
          // Component and property tests can take seconds on a busy 2-core machine; a
          // timeout here would report a slow machine, not a broken rule.
          testTimeout: 30_000,
          setupFiles: ["tests/unit/support/setup.ts"],
        },
      },
      {
        resolve: { alias },
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // PGlite is single-threaded WASM; forks keep each file's database apart.
          pool: "forks",
        },
      },
    ],
  },
});
