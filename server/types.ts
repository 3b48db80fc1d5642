import type { Action, Subject } from "../src/domain/permissions";
import type { Principal } from "./auth/principal";
import type { AlertWorker } from "./notifications/alert-worker";

export interface RouteEntry {
  method: string;
  url: string;
  permission: [Action, Subject] | null;
  public: boolean;
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** The permission a data route needs; checked before the handler runs. */
    permission?: [Action, Subject];
    /** A route anyone may call (health, build info, OpenAPI). */
    public?: boolean;
  }
  interface FastifyRequest {
    principal: Principal;
  }
  interface FastifyInstance {
    /** Every route with its declared permission, for the permission and isolation suites. */
    routeTable: RouteEntry[];
    /** Sends the alert e-mails of the outbox and finds silent labels (server/notifications/alert-worker.ts). */
    alertWorker: AlertWorker;
  }
}
