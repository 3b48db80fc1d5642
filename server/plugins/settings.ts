import fp from "fastify-plugin";
import { DEFAULT_SESSION_SETTINGS, type SessionSettings } from "../auth/sessions";
import { DEFAULT_AUTH_LOOKUP_FLOOR_MS, DEFAULT_IMPERSONATION_MINUTES, DEFAULT_WEBHOOK_MAX_ATTEMPTS } from "../config";
import type { WebhookSettings } from "../webhooks/deliver";

export interface ThirdPartyProvider {
  id: string;
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** What buildApp was told about the deployment, with the defaults filled in. */
export interface AppSettings {
  /** Origin of the dashboard, for links in e-mails (also the alert e-mails' AlertLinks). */
  publicUrl: string;
  /** Session cookies always carry Secure (the public address is https); else only on https requests. */
  secureCookies: boolean;
  sessionSettings: SessionSettings;
  thirdPartyProviders: ThirdPartyProvider[];
  /** The least time an answer that reveals whether an account exists takes. */
  lookupFloorMs: number;
  /** How long an impersonation lasts (IMPERSONATION_MINUTES). */
  impersonationMinutes: number;
  passwordlessEnabled: boolean;
  /** WEBHOOK_ALLOW_PRIVATE (off by default) and WEBHOOK_MAX_ATTEMPTS. */
  webhooks: WebhookSettings;
  /** SMS_EMAIL_DOMAIN: alert text messages go to "+number@domain"; unset, nobody can choose them. */
  smsEmailDomain: string | undefined;
}

export interface SettingsOptions {
  publicUrl?: string;
  sessionSettings?: SessionSettings;
  thirdPartyProviders?: ThirdPartyProvider[];
  lookupFloorMs?: number;
  impersonationMinutes?: number;
  webhooks?: Partial<WebhookSettings>;
  smsEmailDomain?: string;
}

/** `app.settings`, read once at boot so no handler reads the environment. */
export const settingsPlugin = fp<SettingsOptions>(
  async (app, options) => {
    const publicUrl = options.publicUrl ?? "http://localhost:3000";
    const settings: AppSettings = {
      publicUrl,
      secureCookies: publicUrl.startsWith("https://"),
      sessionSettings: options.sessionSettings ?? DEFAULT_SESSION_SETTINGS,
      thirdPartyProviders: options.thirdPartyProviders ?? [],
      lookupFloorMs: options.lookupFloorMs ?? DEFAULT_AUTH_LOOKUP_FLOOR_MS,
      impersonationMinutes: options.impersonationMinutes ?? DEFAULT_IMPERSONATION_MINUTES,
      passwordlessEnabled: true,
      webhooks: {
        allowPrivate: options.webhooks?.allowPrivate ?? false,
        maxAttempts: options.webhooks?.maxAttempts ?? DEFAULT_WEBHOOK_MAX_ATTEMPTS,
      },
      smsEmailDomain: options.smsEmailDomain,
    };
    app.decorate("settings", settings);
  },
  { name: "settings", fastify: "5.x" },
);
