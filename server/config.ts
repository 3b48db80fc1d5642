import { availableParallelism } from "node:os";
import { resolve } from "node:path";
import { parseCorsOrigins } from "./http/cors";

/** `true` (believe any proxy), or a comma-separated list of proxy addresses/CIDRs. */
export function parseTrustProxy(value: string | undefined): boolean | string {
  if (!value || value === "false" || value === "0") return false;
  if (value === "true" || value === "1") return true;
  return value;
}

/** One alert worker pass a second keeps an alert within 5 s of its reading (issue #18; bench "alert latency"). */
export const DEFAULT_ALERT_WORKER_INTERVAL_MS = 1000;

/** Everything the server reads from its environment, in one place (README "Configuration"). */
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  /** An e-mail-to-SMS gateway's domain: text messages go by SMTP to "+number@domain". */
  smsEmailDomain: string | undefined;
  /** Where the built dashboard is; served with history fallback when it exists. */
  staticDir: string;
  /** Public origin of the dashboard, for links in e-mails. */
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
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got '${env.PORT}'`);
  const host = env.HOST ?? "0.0.0.0";
  const profile = env.SEED_PROFILE ?? "full";
  if (profile !== "full" && profile !== "small" && profile !== "none") {
    throw new Error(`SEED_PROFILE must be full, small or none, got '${profile}'`);
  }
  const alertWorkerIntervalMs = Number(env.ALERT_WORKER_INTERVAL_MS ?? DEFAULT_ALERT_WORKER_INTERVAL_MS);
  if (!Number.isInteger(alertWorkerIntervalMs) || alertWorkerIntervalMs < 100)
    throw new Error(
      `ALERT_WORKER_INTERVAL_MS must be a whole number of milliseconds >= 100, got '${env.ALERT_WORKER_INTERVAL_MS}'`,
    );
  const databaseUrl = env.DATABASE_URL || undefined;
  const serverProcesses = Number(env.SERVER_PROCESSES || defaultServerProcesses(databaseUrl, availableParallelism()));
  if (!Number.isInteger(serverProcesses) || serverProcesses < 1)
    throw new Error(`SERVER_PROCESSES must be a whole number >= 1, got '${env.SERVER_PROCESSES}'`);
  if (serverProcesses > 1 && !databaseUrl)
    throw new Error("SERVER_PROCESSES above 1 needs DATABASE_URL: the embedded database (PGlite) is one process");
  return {
    port,
    host,
    dataDir: resolve(env.DATA_DIR ?? "./data"),
    databaseUrl,
    smtpUrl: env.SMTP_URL || undefined,
    smsEmailDomain: env.SMS_EMAIL_DOMAIN || undefined,
    staticDir: resolve(env.STATIC_DIR ?? "./dist"),
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    logLevel: env.LOG_LEVEL ?? "info",
    corsOrigins: parseCorsOrigins(env.CORS_ORIGINS),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    seedProfile: profile,
    alertWorkerIntervalMs,
    serverProcesses,
  };
}

/**
 * One server process per CPU, less one when PostgreSQL shares the machine: its backends
 * need a core of their own, and a server process more than the cores left over only
 * contends with them (bench/README.md, Throughput). PGlite lives in the one process.
 */
export function defaultServerProcesses(databaseUrl: string | undefined, cpus: number): number {
  if (!databaseUrl) return 1;
  return databaseOnThisMachine(databaseUrl) ? Math.max(1, cpus - 1) : cpus;
}

/** A connection string whose host is this machine: loopback, a Unix socket, or no host at all. */
export function databaseOnThisMachine(databaseUrl: string): boolean {
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
