import { availableParallelism } from "node:os";
import { resolve } from "node:path";
import { parseCorsOrigins } from "./http/cors";
import type { ThirdPartyProvider } from "./plugins/settings";

/** `true` (believe any proxy), or a comma-separated list of proxy addresses/CIDRs. */
function parseTrustProxy(value: string | undefined): boolean | string {
  if (!value || value === "false" || value === "0") return false;
  if (value === "true" || value === "1") return true;
  return value;
}

/** One alert worker pass a second keeps an alert within 5 s of its reading (bench "alert latency"). */
export const DEFAULT_ALERT_WORKER_INTERVAL_MS = 1000;
export const DEFAULT_ACCESS_TOKEN_SECONDS = 3600;
export const DEFAULT_REFRESH_TOKEN_SECONDS = 100 * 24 * 3600;
export const DEFAULT_IMPERSONATION_MINUTES = 60;
/** A sign-in lasts this long at most, however active the person is. */
export const DEFAULT_SESSION_MAX_HOURS = 12;
export const DEFAULT_PG_POOL_SIZE = 10;
export const DEFAULT_MAIL_FROM = "ColdChain Dashboard <no-reply@coldchain.example>";
/** Below this many matching documents a list's totalDocuments is exact; beyond it, the planner's estimate. */
const DEFAULT_EXACT_COUNT_LIMIT = 1_000;
export const DEFAULT_AUTH_ATTEMPTS_PER_ADDRESS = 200;
export const DEFAULT_AUTH_FAILURES_PER_ACCOUNT = 100;
export const DEFAULT_AUTH_LOOKUPS_PER_ADDRESS = 30;
export const DEFAULT_AUTH_LOOKUP_FLOOR_MS = 200;
/** A webhook delivery is tried this often before it is marked failed (1 min, 5 min, 30 min, 2 h, 6 h apart). */
export const DEFAULT_WEBHOOK_MAX_ATTEMPTS = 6;

/**
 * Every environment variable the server reads, and only those: the "Configuration" table of
 * docs/operations.md lists exactly these (tests/unit/config.test.ts compares them).
 * Nothing else in server/ reads process.env.
 */
export const CONFIG_VARIABLES = [
  "PORT",
  "HOST",
  "DATA_DIR",
  "DATABASE_URL",
  "PG_POOL_SIZE",
  "SERVER_PROCESSES",
  "SMTP_URL",
  "SMS_EMAIL_DOMAIN",
  "MAIL_FROM",
  "PUBLIC_URL",
  "STATIC_DIR",
  "OIDC_ISSUER",
  "OIDC_CLIENT_ID",
  "OIDC_CLIENT_SECRET",
  "OIDC_NAME",
  "OIDC_ID",
  "SEED_PROFILE",
  "LOG_LEVEL",
  "ACCESS_TOKEN_SECONDS",
  "REFRESH_TOKEN_SECONDS",
  "SESSION_MAX_HOURS",
  "IMPERSONATION_MINUTES",
  "RETENTION_YEARS",
  "CORS_ORIGINS",
  "TRUST_PROXY",
  "LIST_EXACT_COUNT_LIMIT",
  "AUTH_ATTEMPTS_PER_ADDRESS",
  "AUTH_FAILURES_PER_ACCOUNT",
  "AUTH_LOOKUPS_PER_ADDRESS",
  "AUTH_LOOKUP_FLOOR_MS",
  "ALERT_WORKER_INTERVAL_MS",
  "WEBHOOK_ALLOW_PRIVATE",
  "WEBHOOK_MAX_ATTEMPTS",
] as const;

export type ConfigVariable = (typeof CONFIG_VARIABLES)[number];
type Env = Partial<Record<string, string | undefined>>;

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];

/** Everything the server reads from its environment, in one place (docs/operations.md, "Configuration"). */
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PG_POOL_SIZE: connections each server process keeps to PostgreSQL at most. */
  pgPoolSize: number;
  smtpUrl: string | undefined;
  /** An e-mail-to-SMS gateway's domain: text messages go by SMTP to "+number@domain". */
  smsEmailDomain: string | undefined;
  /** MAIL_FROM: the From of every e-mail and text message. */
  mailFrom: string;
  /** Where the built dashboard is; served with history fallback when it exists. */
  staticDir: string;
  /** Public origin of the dashboard (no trailing slash), for links in e-mails and the OIDC redirect URI. */
  publicUrl: string;
  logLevel: string;
  /** CORS_ORIGINS: other origins allowed to call the API from a browser; none by default. */
  corsOrigins: string[];
  /** TRUST_PROXY: Fastify's trustProxy (true, or proxy addresses/CIDRs); off by default. */
  trustProxy: boolean | string;
  seedProfile: "full" | "small" | "none";
  /** ALERT_WORKER_INTERVAL_MS: how often alert e-mails are sent and silent labels looked for. */
  alertWorkerIntervalMs: number;
  /**
   * SERVER_PROCESSES: server processes sharing the port (node:cluster). With DATABASE_URL
   * one per CPU by default, one fewer when PostgreSQL runs on this machine; PGlite is one
   * process, so 1 without it.
   */
  serverProcesses: number;
  accessTokenSeconds: number;
  refreshTokenSeconds: number;
  /** SESSION_MAX_HOURS: a sign-in session's absolute lifetime; its refresh is refused after it. */
  sessionMaxHours: number;
  impersonationMinutes: number;
  /**
   * RETENTION_YEARS: reports that ended longer ago are deleted with their readings, signatures
   * and trail (server/reports/retention.ts); unset: off, nothing is ever deleted.
   */
  retentionYears: number | null;
  /** LIST_EXACT_COUNT_LIMIT: lists count exactly up to this many documents. */
  listExactCountLimit: number;
  authAttemptsPerAddress: number;
  authFailuresPerAccount: number;
  authLookupsPerAddress: number;
  authLookupFloorMs: number;
  /**
   * WEBHOOK_ALLOW_PRIVATE: webhooks may go to loopback, private and link-local addresses and
   * over plain http (a test bench, an internal QMS); off by default (server/webhooks/address.ts).
   */
  webhookAllowPrivate: boolean;
  /** WEBHOOK_MAX_ATTEMPTS: tries of one webhook delivery before it is marked failed. */
  webhookMaxAttempts: number;
  /** OIDC_*: the OpenID Connect provider for third-party sign-in, when configured. */
  thirdPartyProviders: ThirdPartyProvider[];
}

/** A set, non-empty value; "" counts as unset (an empty line in an env file). */
function value(env: Env, name: ConfigVariable): string | undefined {
  const raw = env[name];
  return raw === undefined || raw === "" ? undefined : raw;
}

/** A whole number between min and max, or the fallback when unset; anything else stops the start naming it. */
function wholeNumber(env: Env, name: ConfigVariable, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER) {
  const raw = value(env, name);
  if (raw === undefined) return fallback;
  const n = Number(raw.trim());
  if (!/^\s*-?\d+\s*$/.test(raw) || !Number.isSafeInteger(n) || n < min || n > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `>= ${min}` : `from ${min} to ${max}`;
    throw new ConfigError(`${name} must be a whole number ${range}, got '${raw}'`);
  }
  return n;
}

/** true or false (also 1 or 0), or the fallback when unset. */
function flag(env: Env, name: ConfigVariable, fallback: boolean): boolean {
  const raw = value(env, name)?.trim().toLowerCase();
  if (raw === undefined) return fallback;
  if (raw === "true" || raw === "1") return true;
  if (raw === "false" || raw === "0") return false;
  throw new ConfigError(`${name} must be true or false, got '${raw}'`);
}

/** An absolute URL with one of the protocols, or the fallback when unset. */
function url(env: Env, name: ConfigVariable, protocols: string[]): string | undefined {
  const raw = value(env, name);
  if (raw === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be a URL (${protocols.join(", ")}), got '${raw}'`);
  }
  if (!protocols.includes(parsed.protocol.replace(/:$/, "")))
    throw new ConfigError(`${name} must be a URL (${protocols.join(", ")}), got '${raw}'`);
  return raw;
}

/** A setting that cannot start the server; its message names the variable. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

/** The OpenID Connect provider from OIDC_ISSUER and OIDC_CLIENT_ID (both, or neither). */
function thirdPartyProviders(env: Env): ThirdPartyProvider[] {
  const issuer = url(env, "OIDC_ISSUER", ["https", "http"]);
  const clientId = value(env, "OIDC_CLIENT_ID");
  if (!issuer && !clientId) return [];
  if (!issuer || !clientId) throw new ConfigError("OIDC_ISSUER and OIDC_CLIENT_ID must be set together");
  return [
    {
      id: value(env, "OIDC_ID") ?? "oidc",
      name: value(env, "OIDC_NAME") ?? "Single sign-on",
      issuer,
      clientId,
      clientSecret: value(env, "OIDC_CLIENT_SECRET") ?? "",
    },
  ];
}

/** PUBLIC_URL without a trailing slash, or the local address of PORT. */
export function publicUrlOf(env: Env = process.env): string {
  const port = wholeNumber(env, "PORT", 3000, 0, 65535);
  const publicUrl = url(env, "PUBLIC_URL", ["https", "http"]);
  return publicUrl ? publicUrl.replace(/\/+$/, "") : `http://localhost:${port}`;
}

/**
 * LIST_EXACT_COUNT_LIMIT, read on every call (tests lower it for one test); the start has
 * checked it already (readConfig), so a bad value here only comes from a test.
 */
export function listExactCountLimit(env: Env = process.env): number {
  return wholeNumber(env, "LIST_EXACT_COUNT_LIMIT", DEFAULT_EXACT_COUNT_LIMIT, 0);
}

/**
 * Reads and checks every variable at once, at start: a bad value throws a ConfigError
 * naming it, so the server never starts with a NaN or a typo in effect.
 */
export function readConfig(env: Env = process.env): ServerConfig {
  const port = wholeNumber(env, "PORT", 3000, 0, 65535);
  const host = value(env, "HOST") ?? "0.0.0.0";
  const profile = value(env, "SEED_PROFILE") ?? "full";
  if (profile !== "full" && profile !== "small" && profile !== "none") {
    throw new ConfigError(`SEED_PROFILE must be full, small or none, got '${profile}'`);
  }
  const logLevel = value(env, "LOG_LEVEL") ?? "info";
  if (!LOG_LEVELS.includes(logLevel))
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}, got '${logLevel}'`);
  const alertWorkerIntervalMs = wholeNumber(env, "ALERT_WORKER_INTERVAL_MS", DEFAULT_ALERT_WORKER_INTERVAL_MS, 100);
  const databaseUrl = url(env, "DATABASE_URL", ["postgres", "postgresql"]);
  const serverProcesses = wholeNumber(
    env,
    "SERVER_PROCESSES",
    defaultServerProcesses(databaseUrl, availableParallelism()),
    1,
  );
  if (serverProcesses > 1 && !databaseUrl)
    throw new ConfigError("SERVER_PROCESSES above 1 needs DATABASE_URL: the embedded database (PGlite) is one process");
  return {
    port,
    host,
    dataDir: resolve(value(env, "DATA_DIR") ?? "./data"),
    databaseUrl,
    pgPoolSize: wholeNumber(env, "PG_POOL_SIZE", DEFAULT_PG_POOL_SIZE, 1, 1000),
    smtpUrl: url(env, "SMTP_URL", ["smtp", "smtps"]),
    smsEmailDomain: value(env, "SMS_EMAIL_DOMAIN"),
    mailFrom: value(env, "MAIL_FROM") ?? DEFAULT_MAIL_FROM,
    staticDir: resolve(value(env, "STATIC_DIR") ?? "./dist"),
    publicUrl: publicUrlOf(env),
    logLevel,
    corsOrigins: parseCorsOrigins(value(env, "CORS_ORIGINS")),
    trustProxy: parseTrustProxy(value(env, "TRUST_PROXY")),
    seedProfile: profile,
    alertWorkerIntervalMs,
    serverProcesses,
    accessTokenSeconds: wholeNumber(env, "ACCESS_TOKEN_SECONDS", DEFAULT_ACCESS_TOKEN_SECONDS, 1),
    refreshTokenSeconds: wholeNumber(env, "REFRESH_TOKEN_SECONDS", DEFAULT_REFRESH_TOKEN_SECONDS, 60),
    sessionMaxHours: wholeNumber(env, "SESSION_MAX_HOURS", DEFAULT_SESSION_MAX_HOURS, 1, 24 * 366),
    impersonationMinutes: wholeNumber(env, "IMPERSONATION_MINUTES", DEFAULT_IMPERSONATION_MINUTES, 1, 24 * 60),
    // At least 2 years: EU GDP asks for records to be kept 5 years, and a typo must not purge last year's.
    retentionYears: value(env, "RETENTION_YEARS") === undefined ? null : wholeNumber(env, "RETENTION_YEARS", 0, 2, 100),
    listExactCountLimit: listExactCountLimit(env),
    authAttemptsPerAddress: wholeNumber(env, "AUTH_ATTEMPTS_PER_ADDRESS", DEFAULT_AUTH_ATTEMPTS_PER_ADDRESS, 1),
    authFailuresPerAccount: wholeNumber(env, "AUTH_FAILURES_PER_ACCOUNT", DEFAULT_AUTH_FAILURES_PER_ACCOUNT, 1),
    authLookupsPerAddress: wholeNumber(env, "AUTH_LOOKUPS_PER_ADDRESS", DEFAULT_AUTH_LOOKUPS_PER_ADDRESS, 1),
    authLookupFloorMs: wholeNumber(env, "AUTH_LOOKUP_FLOOR_MS", DEFAULT_AUTH_LOOKUP_FLOOR_MS, 0, 10_000),
    webhookAllowPrivate: flag(env, "WEBHOOK_ALLOW_PRIVATE", false),
    webhookMaxAttempts: wholeNumber(env, "WEBHOOK_MAX_ATTEMPTS", DEFAULT_WEBHOOK_MAX_ATTEMPTS, 1, 20),
    thirdPartyProviders: thirdPartyProviders(env),
  };
}

/** readConfig over the environment with some variables replaced (a command-line option wins). */
export function readConfigWith(overrides: Partial<Record<ConfigVariable, string | undefined>>): ServerConfig {
  const defined = Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined));
  return readConfig({ ...process.env, ...defined });
}

/**
 * One server process per CPU, less one when PostgreSQL shares the machine: its backends
 * need a core of their own, and a server process more than the cores left over only
 * contends with them (docs/decisions.md, "List pages as prepared statements"). PGlite lives in the one process.
 */
export function defaultServerProcesses(databaseUrl: string | undefined, cpus: number): number {
  if (!databaseUrl) return 1;
  return databaseOnThisMachine(databaseUrl) ? Math.max(1, cpus - 1) : cpus;
}

/** A connection string whose host is this machine: loopback, a Unix socket, or no host at all. */
function databaseOnThisMachine(databaseUrl: string): boolean {
  let url: URL;
  try {
    url = new URL(databaseUrl);
  } catch {
    return false;
  }
  // libpq's ?host= wins over the URL's host; a path there is a Unix socket's folder.
  const host = (url.searchParams.get("host") ?? url.hostname).replace(/^\[|\]$/g, "").toLowerCase();
  return host === "" || host.startsWith("/") || host === "localhost" || host === "::1" || /^127\./.test(host);
}
