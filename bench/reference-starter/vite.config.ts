import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/**
 * The reference Refine + antd starter of the benchmark (bench/README.md), built as the
 * template builds it: Vite defaults, no chunk tuning. It uses the repository's
 * node_modules. Output goes to bench/results/reference-starter (git-ignored).
 */
const root = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  root,
  plugins: [react()],
  logLevel: "warn",
  build: {
    outDir: fileURLToPath(new URL("../results/reference-starter", import.meta.url)),
    emptyOutDir: true,
    manifest: true,
    chunkSizeWarningLimit: 4000,
  },
});
