// The PDF worker's entry (pdf-pool.ts): plain JavaScript that loads the TypeScript worker
// through tsx's API. `--import tsx` in a worker's execArgv does not reach the worker's entry
// on Node 20, and Vitest's loader never reaches worker threads.
import { tsImport } from "tsx/esm/api";

await tsImport("./pdf-worker.ts", import.meta.url);
