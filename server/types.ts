import type { Action, Subject } from "../core/domain/permissions";
import type { CounterStore } from "./auth/counter-store";
import type { ImpersonationRefusal } from "./auth/impersonation-refusals";
import type { SigningKeys } from "./auth/keys";
import type { Principal } from "./auth/principal";
import type { AuthThrottles } from "./auth/throttle";
import type { Db } from "./db/index";
import type { Mailer } from "./mail/mailer";
import type { AlertWorker } from "./notifications/alert-worker";
import type { ExportSlots } from "./plugins/heavy-work";
import type { AppSettings } from "./plugins/settings";
import type { ExportLimiter } from "./reports/export/export-limiter";
import type { RecordSigner } from "./reports/record-signature";

export interface RouteEntry {
  method: string;
  url: string;
  permission: [Action, Subject] | null;
  public: boolean;
}

// The decorators of server/plugins/, typed once here so no route file imports server/app.ts.
declare module "fastify" {
  interface FastifyContextConfig {
    /** The permission a data route needs; checked before the handler runs. */
    permission?: [Action, Subject];
    /** A route anyone may call (health, build info, OpenAPI). */
    public?: boolean;
    /**
     * What this route makes would outlive an impersonation (a key, an invitation, a role):
     * an impersonator gets 403 and the attempt is audited, before the permission check.
     */
    refusedWhileImpersonating?: ImpersonationRefusal;
  }
  interface FastifyRequest {
    /** Who is calling a data route (server/plugins/principal.ts); absent on the auth routes. */
    principal: Principal;
  }
  interface FastifyInstance {
    db: Db;
    keys: SigningKeys;
    /** Signs the content hashes the server issues (server/reports/record-signature.ts). */
    recordSigner: RecordSigner;
    settings: AppSettings;
    mailer: Mailer;
    throttles: AuthThrottles;
    /** Counters shared by every process and instance on the database (rate_counters). */
    counters: CounterStore;
    exports: ExportSlots;
    /** List pages of thousands of rows: bounded like downloads, in their own slots. */
    heavyReads: ExportLimiter;
    /** Every route with its declared permission, for the permission and isolation suites. */
    routeTable: RouteEntry[];
    /** Sends the alert e-mails of the outbox and finds silent labels (server/notifications/alert-worker.ts). */
    alertWorker: AlertWorker;
  }
}
