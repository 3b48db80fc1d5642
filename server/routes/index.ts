import type { FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";
import { ping } from "../db/index";
import { isDatabaseUnavailable } from "../db/unavailable";
import { sendDatabaseUnavailable } from "../http/error-handler";
import { impersonatedRequestRecorder } from "../http/impersonated-requests";
import { HEAVY_PAGE_ROWS } from "../plugins/heavy-work";
import { principalPlugin } from "../plugins/principal";
import { alarmRoutes } from "./alarms";
import { apiKeyRoutes } from "./api-keys";
import { auditRoutes } from "./audit";
import { companyRoutes } from "./companies";
import { companySettingsRoutes } from "./company-settings";
import { controlCenterRoutes } from "./control-center";
import { customFieldRoutes } from "./custom-fields";
import { deviationRoutes } from "./deviations";
import { epcisRoutes } from "./epcis";
import { impersonationRoutes } from "./impersonation";
import { labelPresetRoutes } from "./label-presets";
import { labelReportByIdRoutes } from "./label-report-by-id";
import { labelReportRoutes } from "./label-reports";
import { meRoutes } from "./me";
import { mePhoneRoutes } from "./me-phone";
import { migrationInviteRoutes } from "./migration-invites";
import { performanceRoutes } from "./performance";
import { productRoutes } from "./products";
import { readingRoutes } from "./readings";
import { recordRoutes } from "./records";
import { shareLinkRoutes } from "./share-links";
import { shipmentDispositionRoutes } from "./shipment-disposition";
import { shipmentRoutes } from "./shipments";
import { userInviteRoutes } from "./user-invites";
import { userRoutes } from "./users";
import { webhookRoutes } from "./webhooks";

/** `?pageSize=` of any route (this hook runs for all of them, whatever their query schema), NaN when absent. */
function requestedPageSize(query: unknown): number {
  return typeof query === "object" && query !== null && "pageSize" in query ? Number(query.pageSize) : Number.NaN;
}

const dataRoutes: FastifyPluginAsync = async (app) => {
  await app.register(principalPlugin);

  // A page of thousands of rows is heavy work: it takes a slot like a download does, so
  // twenty of them from one key queue (then 429) instead of stalling everyone else.
  const heavyPages = new WeakMap<object, () => void>();
  app.addHook("preHandler", async (request, reply) => {
    const pageSize = requestedPageSize(request.query);
    if (request.method !== "GET" || !request.principal || !(pageSize > HEAVY_PAGE_ROWS)) return;
    const release = await app.heavyReads.acquire(request.principal.companyId);
    heavyPages.set(request, release);
    // Also when the client goes away before the answer is sent.
    reply.raw.once("close", release);
  });
  app.addHook("onResponse", async (request) => heavyPages.get(request)?.());

  // Every request made with an impersonation token leaves a row (method, path, status).
  app.addHook("onSend", impersonatedRequestRecorder(app.db));

  app.get(
    "/health",
    { config: { public: true }, schema: { tags: ["system"], summary: "Liveness and database check" } },
    async (request, reply) => {
      try {
        await ping(app.db);
      } catch (error) {
        if (!isDatabaseUnavailable(error)) throw error;
        // A load balancer or monitor reads the status; a person reads the message.
        request.log.warn({ reason: (error as Error).message }, "health: database unavailable");
        return sendDatabaseUnavailable(reply, { status: "unavailable", database: "down" });
      }
      return reply.send({ status: "ok", database: "up" });
    },
  );

  await app.register(labelReportRoutes);
  await app.register(labelReportByIdRoutes);
  await app.register(alarmRoutes);
  await app.register(shipmentRoutes);
  await app.register(shipmentDispositionRoutes);
  await app.register(deviationRoutes);
  await app.register(productRoutes);
  await app.register(performanceRoutes);
  await app.register(readingRoutes);
  await app.register(epcisRoutes);
  await app.register(shareLinkRoutes);
  await app.register(recordRoutes);
  await app.register(labelPresetRoutes);
  await app.register(userRoutes);
  await app.register(companyRoutes);
  await app.register(impersonationRoutes);
  await app.register(userInviteRoutes);
  await app.register(companySettingsRoutes);
  await app.register(migrationInviteRoutes);
  await app.register(meRoutes);
  await app.register(mePhoneRoutes);
  await app.register(apiKeyRoutes);
  await app.register(auditRoutes);
  await app.register(customFieldRoutes);
  await app.register(webhookRoutes);
  await app.register(controlCenterRoutes);
};

// Encapsulated like any route group; named only so its dependencies are checked at boot.
export const apiRoutes = fp(dataRoutes, {
  name: "data-routes",
  fastify: "5.x",
  encapsulate: true,
  dependencies: ["database", "signing-keys", "settings", "mailer", "throttles", "heavy-work"],
});
