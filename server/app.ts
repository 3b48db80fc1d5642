import { existsSync } from "node:fs";
import { join } from "node:path";
import compress from "@fastify/compress";
import fastifyStatic from "@fastify/static";
import swagger from "@fastify/swagger";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from "fastify";
import { authPlugin } from "./auth/index";
import type { SigningKeys } from "./auth/keys";
import type { SessionSettings } from "./auth/sessions";
import type { AuthThrottles } from "./auth/throttle";
import type { Db } from "./db/index";
import { builtAssets } from "./http/built-assets";
import { corsHook } from "./http/cors";
import { dashboardHtml } from "./http/dashboard-html";
import { BODY_LIMIT_BYTES, errorHandler } from "./http/error-handler";
import { noStoreOnApi } from "./http/no-store";
import { rejectNulCharacters } from "./http/reject-nul";
import { rejectPrototypeKeys } from "./http/reject-prototype-keys";
import { securityHeaders } from "./http/security-headers";
import { AJV_CUSTOM_OPTIONS, validatorWithoutBodyCoercion } from "./http/validator";
import type { Mailer } from "./mail/mailer";
import type { AlertTransport } from "./notifications/alert-worker";
import { alertWorkerPlugin } from "./plugins/alert-worker";
import { databasePlugin } from "./plugins/database";
import { type ExportLimitOptions, heavyWorkPlugin } from "./plugins/heavy-work";
import { mailerPlugin } from "./plugins/mailer";
import { recordSignerPlugin } from "./plugins/record-signer";
import { routeTablePlugin } from "./plugins/route-table";
import { settingsPlugin, type ThirdPartyProvider } from "./plugins/settings";
import { signingKeysPlugin } from "./plugins/signing-keys";
import { throttlesPlugin } from "./plugins/throttles";
import { apiRoutes } from "./routes/index";
import type { WebhookSettings } from "./webhooks/deliver";

export interface AppOptions {
  db: Db;
  keys: SigningKeys;
  /** Origin of the dashboard, for links in e-mails. */
  publicUrl?: string;
  mailer?: Mailer;
  sessionSettings?: SessionSettings;
  thirdPartyProviders?: ThirdPartyProvider[];
  /** The built dashboard; served with history fallback when the folder exists. */
  staticDir?: string;
  logger?: FastifyServerOptions["logger"];
  /** Origins other than the server's own that may call the API from a browser (CORS_ORIGINS). */
  corsOrigins?: string[];
  /**
   * Which proxies to believe about the client's protocol and address (TRUST_PROXY):
   * behind a TLS-terminating proxy, X-Forwarded-Proto https then marks cookies Secure.
   */
  trustProxy?: FastifyServerOptions["trustProxy"];
  /** Sign-in throttles; tests pass their own (smaller limits, a clock they move). */
  throttles?: AuthThrottles;
  /**
   * The least time an answer that reveals whether an account exists takes
   * (AUTH_LOOKUP_FLOOR_MS, default 200), so its timing reveals nothing more.
   */
  lookupFloorMs?: number;
  /** How long an impersonation lasts (IMPERSONATION_MINUTES, default 60). */
  impersonationMinutes?: number;
  /** How alert e-mails leave (SMTP or the log by default); tests pass one that records or fails. */
  alertTransport?: AlertTransport;
  /**
   * Milliseconds between the alert worker's passes (ALERT_WORKER_INTERVAL_MS); absent or 0:
   * the worker only runs when app.alertWorker.runOnce() is called (tests).
   */
  alertWorkerIntervalMs?: number;
  /** WEBHOOK_ALLOW_PRIVATE and WEBHOOK_MAX_ATTEMPTS; off and 6 by default. */
  webhooks?: Partial<WebhookSettings>;
  /**
   * SMS_EMAIL_DOMAIN, for alert text messages ("+number@domain" through the alert
   * transport); absent, nobody can choose text messages in their notification settings.
   */
  smsEmailDomain?: string;
  /** Bounds on report downloads (export-limiter.ts); the defaults are production's. */
  exportLimits?: ExportLimitOptions;
  /** RETENTION_YEARS: reports ended longer ago are deleted once a day (retention.ts); absent: never. */
  retentionYears?: number | null;
}

/** Builds the whole server without listening; tests call it and use inject() or listen(0). */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    // Deliberate: the largest legitimate body (a preset, custom fields) is a few kB.
    bodyLimit: BODY_LIMIT_BYTES,
    // JSON.parse keeps `__proto__` as a plain own key (it pollutes nothing by itself);
    // rejectPrototypeKeys then refuses it with a 400 naming where it was, instead of the
    // parser's misleading "Body is not valid JSON".
    onProtoPoisoning: "ignore",
    onConstructorPoisoning: "ignore",
    ajv: { customOptions: AJV_CUSTOM_OPTIONS },
    // Coercion for query strings, parameters and headers (text), never for JSON bodies.
    schemaController: { compilersFactory: { buildValidator: validatorWithoutBodyCoercion() } },
    routerOptions: { maxParamLength: 200 },
    trustProxy: options.trustProxy ?? false,
  });

  app.setErrorHandler(errorHandler);
  app.addHook("onRequest", corsHook(options.corsOrigins ?? []));
  app.addHook("onRequest", noStoreOnApi);
  app.addHook("preValidation", rejectNulCharacters);
  app.addHook("preValidation", rejectPrototypeKeys);

  await app.register(routeTablePlugin);
  app.addHook(
    "onRequest",
    securityHeaders({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // antd writes its CSS-in-JS into <style> elements at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", "data:"],
          connectSrc: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      // The same as frame-ancestors 'none', for browsers that only know the older header.
      frameguard: { action: "deny" },
    }),
  );
  await app.register(compress, { threshold: 1024 });
  await app.register(swagger, {
    openapi: {
      info: {
        title: "Cold-chain dashboard API",
        version: "1",
        description:
          "Data routes take the company role token in the `api-key` (secret) and `jwt` headers; `x-database` must be `postgres` when sent.",
      },
      servers: [{ url: "/" }],
    },
  });

  await app.register(databasePlugin, { db: options.db });
  await app.register(signingKeysPlugin, { keys: options.keys });
  await app.register(recordSignerPlugin);
  await app.register(settingsPlugin, {
    publicUrl: options.publicUrl,
    sessionSettings: options.sessionSettings,
    thirdPartyProviders: options.thirdPartyProviders,
    lookupFloorMs: options.lookupFloorMs,
    impersonationMinutes: options.impersonationMinutes,
    webhooks: options.webhooks,
    smsEmailDomain: options.smsEmailDomain,
  });
  await app.register(mailerPlugin, { mailer: options.mailer });
  await app.register(throttlesPlugin, { throttles: options.throttles });
  await app.register(heavyWorkPlugin, { exportLimits: options.exportLimits });
  await app.register(alertWorkerPlugin, {
    transport: options.alertTransport,
    intervalMs: options.alertWorkerIntervalMs,
    retentionYears: options.retentionYears ?? null,
  });
  await app.register(authPlugin, { prefix: "/api" });
  await app.register(apiRoutes, { prefix: "/api" });
  app.get("/api/openapi.json", { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
  // The public keys of record signatures (contentSignature), where JOSE tools look for them.
  app.get("/.well-known/jwks.json", { config: { public: true }, schema: { hide: true } }, async (_request, reply) =>
    reply.header("cache-control", "public, max-age=300").send(await app.recordSigner.publicKeys()),
  );

  const staticDir = options.staticDir;
  const hasDashboard = staticDir !== undefined && existsSync(join(staticDir, "index.html"));
  const dashboardPage = hasDashboard ? dashboardHtml(staticDir) : undefined;
  const sendDashboardPage = (reply: FastifyReply, path: string) =>
    reply.header("cache-control", "no-cache").type("text/html; charset=utf-8").send(dashboardPage?.(path));
  if (hasDashboard) {
    await app.register(fastifyStatic, {
      root: staticDir,
      // Files are looked up per request, so a rebuild is served without a restart.
      wildcard: true,
      // The page itself comes from the fallback below, with its route's chunks named in it.
      index: false,
      // The build writes .br and .gz beside each hashed script and style (vite.config.ts):
      // sent as they are, instead of compressing them again for every request.
      preCompressed: true,
      // The build keeps source maps and its manifest (the bench reads it from disk)
      // for the operator; the public gets neither: they map out the sources and every chunk.
      allowedPath: (path) => !/\.map$/i.test(path) && !path.startsWith("/.vite/"),
      setHeaders(reply, path) {
        // Hashed build assets never change; index.html and builds/latest.json always may.
        const immutable = path.includes(`${join(staticDir, "assets")}`);
        reply.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
    // Its hashed scripts and styles from memory (the route is more specific than the one above).
    await app.register(builtAssets(staticDir));
    // The root is a folder to the static files (without an index, a 403): the page, as below.
    app.get("/", { schema: { hide: true } }, async (_request, reply) => sendDashboardPage(reply, "/"));
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split("?")[0] ?? "";
    // A missing file (an old build's chunk) is a 404, never the page: a script must not get HTML.
    const isFile = /\.[a-z0-9]+$/i.test(path);
    if (path === "/api" || path.startsWith("/api/") || request.method !== "GET" || !hasDashboard || isFile) {
      return reply
        .code(404)
        .send({ statusCode: 404, error: "Not Found", message: `Route ${request.method} ${path} not found` });
    }
    // History fallback: the dashboard's router decides what the path shows (its own 404 included).
    return sendDashboardPage(reply, path);
  });

  return app;
}
