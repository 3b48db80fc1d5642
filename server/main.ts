import cluster from "node:cluster";
import { join } from "node:path";
import { buildApp } from "./app";
import { databaseCounters } from "./auth/counter-store";
import { loadSigningKeys } from "./auth/keys";
import { REFRESH_GRACE_SECONDS } from "./auth/sessions";
import { createThrottles } from "./auth/throttle";
import { runPrimary } from "./cluster";
import { ConfigError, readConfig, type ServerConfig } from "./config";
import { DataDirInUseError } from "./db/data-dir-lock";
import { type DatabaseHandle, openDatabase } from "./db/index";
import { migrateToLatest } from "./db/migrate";
import { untilDatabaseAnswers } from "./db/unavailable";
import { createMailer, createMailTransport } from "./mail/mailer";
import { requestLogFields } from "./reports/share-links";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "./seed/accounts";
import { seedDemo } from "./seed/demo";

/**
 * The server: one process, or with SERVER_PROCESSES above 1 (the default with
 * DATABASE_URL: one per CPU) a primary that prepares the database and forks that many
 * workers sharing the port (server/cluster.ts). Each worker is the whole server.
 */

// Every variable is read and checked here, before anything starts: a bad one stops the start naming it.
const config = (() => {
  try {
    return readConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`Configuration: ${error.message}`);
    process.exit(1);
  }
})();

async function openConfigured(): Promise<DatabaseHandle> {
  return openDatabase(
    config.databaseUrl
      ? { databaseUrl: config.databaseUrl, poolSize: config.pgPoolSize }
      : { dataDir: join(config.dataDir, "pglite") },
  ).catch((error: unknown) => {
    // Another server, a backup or a move has the embedded database: say so, without a stack.
    if (!(error instanceof DataDirInUseError)) throw error;
    console.error(error.message);
    process.exit(1);
  });
}

/** Migrations, the demo data on a first start, the signing key: once, before any request is served. */
async function prepareDatabase(database: DatabaseHandle, settings: ServerConfig): Promise<void> {
  const where =
    database.kind === "postgres" ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${join(settings.dataDir, "pglite")}`;
  console.log(`Database: ${where}`);

  const applied = await migrateToLatest(database.db);
  if (applied.length) console.log(`Migrations applied: ${applied.join(", ")}`);

  if (settings.seedProfile !== "none") {
    const started = Date.now();
    const hasData = await database.db.selectFrom("companies").select("id").limit(1).executeTakeFirst();
    if (!hasData) {
      console.log(`Seeding demo data (${settings.seedProfile}); this happens on the first start only…`);
      await seedDemo(database.db, { profile: settings.seedProfile });
      console.log(`Demo data ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
  }
  await loadSigningKeys(database.db);
}

function printWelcome(settings: ServerConfig): void {
  const shownHost = settings.host === "0.0.0.0" || settings.host === "::" ? "localhost" : settings.host;
  const url = `http://${shownHost}:${settings.port}`;
  console.log(`\nCold-chain dashboard: ${url}`);
  console.log(`API: ${url}/api (OpenAPI: ${url}/api/openapi.json)`);
  console.log(`Demo accounts (password ${DEMO_PASSWORD}):`);
  for (const account of DEMO_ACCOUNTS) console.log(`  ${account.email.padEnd(28)} ${account.description}`);
}

async function runServer(): Promise<void> {
  const database = await openConfigured();
  // A worker's primary has prepared the database already.
  if (!cluster.isWorker) await untilDatabaseAnswers("Start", () => prepareDatabase(database, config));

  // A worker restarted during a database outage waits for it here rather than ending.
  const keys = await untilDatabaseAnswers("Start", () => loadSigningKeys(database.db));
  const logger = { level: config.logLevel, serializers: { req: requestLogFields } };
  const app = await buildApp({
    db: database.db,
    keys,
    staticDir: config.staticDir,
    logger,
    publicUrl: config.publicUrl,
    corsOrigins: config.corsOrigins,
    trustProxy: config.trustProxy,
    thirdPartyProviders: config.thirdPartyProviders,
    sessionSettings: {
      accessTokenSeconds: config.accessTokenSeconds,
      refreshTokenSeconds: config.refreshTokenSeconds,
      refreshGraceSeconds: REFRESH_GRACE_SECONDS,
      maxSessionHours: config.sessionMaxHours,
    },
    impersonationMinutes: config.impersonationMinutes,
    retentionYears: config.retentionYears,
    lookupFloorMs: config.authLookupFloorMs,
    mailer: createMailer(
      database.db,
      config.smtpUrl,
      (msg) => console.log(msg),
      config.smsEmailDomain,
      config.mailFrom,
    ),
    alertTransport: createMailTransport(config.smtpUrl, (msg) => console.log(msg), config.mailFrom),
    alertWorkerIntervalMs: config.alertWorkerIntervalMs,
    webhooks: { allowPrivate: config.webhookAllowPrivate, maxAttempts: config.webhookMaxAttempts },
    smsEmailDomain: config.smsEmailDomain,
    throttles: createThrottles({
      store: databaseCounters(database.db),
      perAddress: config.authAttemptsPerAddress,
      accountFailures: config.authFailuresPerAccount,
      lookups: config.authLookupsPerAddress,
    }),
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
  if (!cluster.isWorker) printWelcome(config);
}

if (config.serverProcesses > 1 && cluster.isPrimary) {
  await runPrimary(config, {
    async prepare() {
      const database = await openConfigured();
      try {
        await untilDatabaseAnswers("Start", () => prepareDatabase(database, config));
      } finally {
        await database.close();
      }
    },
    welcome: () => printWelcome(config),
  });
} else {
  await runServer();
}
