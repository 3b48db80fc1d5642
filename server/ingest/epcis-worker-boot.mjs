// The EPCIS worker's entry (epcis-parser-pool.ts): plain JavaScript that loads the
// TypeScript worker through tsx's API, as the PDF worker's (server/reports/export).
import { tsImport } from "tsx/esm/api";

await tsImport("./epcis-worker.ts", import.meta.url);
