import { join } from "node:path";
import { buildApp } from "./app";
import { loadSigningKeys } from "./auth/keys";
import { providersFromEnv } from "./auth/thirdparty-routes";
import { readConfig } from "./config";
import { DataDirInUseError } from "./db/data-dir-lock";
import { openDatabase } from "./db/index";
import { migrateToLatest } from "./db/migrate";
import { createMailer, createMailTransport } from "./mail/mailer";
import { requestLogFields } from "./reports/share-links";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "./seed/accounts";
import { seedDemo } from "./seed/demo";

const config = readConfig();

const database = await openDatabase(
  config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: join(config.dataDir, "pglite") },
).catch((error: unknown) => {
  // Another server, a backup or a move has the embedded database: say so, without a stack.
  if (!(error instanceof DataDirInUseError)) throw error;
  console.error(error.message);
  process.exit(1);
});
const where =
  database.kind === "postgres" ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${join(config.dataDir, "pglite")}`;
console.log(`Database: ${where}`);

const applied = await migrateToLatest(database.db);
if (applied.length) console.log(`Migrations applied: ${applied.join(", ")}`);

if (config.seedProfile !== "none") {
  const started = Date.now();
  const hasData = await database.db.selectFrom("companies").select("id").limit(1).executeTakeFirst();
  if (!hasData) {
    console.log(`Seeding demo data (${config.seedProfile}); this happens on the first start only…`);
    await seedDemo(database.db, { profile: config.seedProfile });
    console.log(`Demo data ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}

const keys = await loadSigningKeys(database.db);
const logger = { level: config.logLevel, serializers: { req: requestLogFields } };
const app = await buildApp({
  db: database.db,
  keys,
  staticDir: config.staticDir,
  logger,
  publicUrl: config.publicUrl,
  corsOrigins: config.corsOrigins,
  trustProxy: config.trustProxy,
  thirdPartyProviders: providersFromEnv(),
  mailer: createMailer(database.db, config.smtpUrl, (msg) => console.log(msg), config.smsEmailDomain),
  alertTransport: createMailTransport(config.smtpUrl, (msg) => console.log(msg)),
  alertWorkerIntervalMs: config.alertWorkerIntervalMs,
});

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, "shutting down");
  const timer = setTimeout(() => process.exit(1), 10_000);
  try {
    await app.close();
    await database.close();
  } finally {
    clearTimeout(timer);
    process.exit(0);
  }
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));

await app.listen({ port: config.port, host: config.host });
const shownHost = config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host;
const url = `http://${shownHost}:${config.port}`;
console.log(`\nCold-chain dashboard: ${url}`);
console.log(`API: ${url}/api (OpenAPI: ${url}/api/openapi.json)`);
console.log(`Demo accounts (password ${DEMO_PASSWORD}):`);
for (const account of DEMO_ACCOUNTS) console.log(`  ${account.email.padEnd(28)} ${account.description}`);
