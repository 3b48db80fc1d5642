// `npm run simulate`: labels sending readings to a running server (docs/operations.md, Simulator).
// The work is in simulator.ts; this reads the command line and turns Ctrl-C into a clean stop.
import { parseArgs } from "node:util";
import { DEMO_ADMIN, runSimulation } from "./simulator";

const { values } = parseArgs({
  options: {
    url: { type: "string", default: process.env.SIMULATE_URL ?? "http://localhost:3000" },
    labels: { type: "string", default: "5" },
    speed: { type: "string", default: "60" },
    "backfill-hours": { type: "string", default: "12" },
    email: { type: "string", default: process.env.SIMULATE_EMAIL ?? DEMO_ADMIN.email },
    password: { type: "string", default: process.env.SIMULATE_PASSWORD ?? DEMO_ADMIN.password },
    company: { type: "string" },
    preset: { type: "string" },
    shipment: { type: "string" },
    help: { type: "boolean", default: false },
  },
});

if (values.help) {
  console.log(`npm run simulate -- [--url http://localhost:3000] [--labels 5] [--speed 60] [--backfill-hours 12]
  [--email admin@demo.example --password … --company "Meridian Pharma GmbH"] [--preset <preset id>]
  [--shipment <reference>]
--shipment attaches the labels to the shipment with that reference (created when there is none).
SIMULATE_API_KEY=cck_… uses that ingest key instead of signing in (then --preset is required,
and a --shipment must exist: an ingest key creates none).`);
  process.exit(0);
}

const positive = (name: string, value: string | undefined) => {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) {
    console.error(`--${name} must be a positive number`);
    process.exit(2);
  }
  return n;
};

const controller = new AbortController();
process.on("SIGINT", () => {
  if (controller.signal.aborted) process.exit(130); // a second Ctrl-C: do not wait for the clean stop
  console.log("\nStopping the labels… (Ctrl-C again to quit at once)");
  controller.abort();
});

const apiKey = process.env.SIMULATE_API_KEY;
runSimulation({
  baseUrl: values.url,
  labels: Math.floor(positive("labels", values.labels)),
  speed: positive("speed", values.speed),
  backfillMs: positive("backfill-hours", values["backfill-hours"]) * 3_600_000,
  ...(apiKey
    ? { apiKey }
    : {
        credentials: {
          email: values.email,
          password: values.password,
          ...(values.company ? { companyName: values.company } : {}),
        },
      }),
  ...(values.preset ? { presetId: values.preset } : {}),
  ...(values.shipment ? { shipmentReference: values.shipment } : {}),
  signal: controller.signal,
  log: (line) => console.log(line),
}).catch((error: unknown) => {
  const refused = error instanceof Error && (error.cause as { code?: string } | undefined)?.code === "ECONNREFUSED";
  console.error(refused ? `No server at ${values.url}: start one with npm start` : String(error));
  process.exit(1);
});
