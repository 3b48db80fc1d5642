import type { FastifyPluginAsync } from "fastify";
import type { AppContext } from "../app";
import { HEAVY_PAGE_ROWS } from "../plugins/heavy-work";
import { principalPlugin } from "../plugins/principal";
import { apiKeyRoutes } from "./api-keys";
import { companyRoutes } from "./companies";
import { companySettingsRoutes } from "./company-settings";
import { controlCenterRoutes, impersonatedRequestRecorder } from "./control-center";
import { customFieldRoutes } from "./custom-fields";
import { epcisRoutes } from "./epcis";
import { impersonationRoutes } from "./impersonation";
import { labelPresetRoutes } from "./label-presets";
import { labelReportDispositionRoutes } from "./label-report-disposition";
import { labelReportExportRoutes } from "./label-report-exports";
import { labelReportRoutes } from "./label-reports";
import { meRoutes } from "./me";
import { mePhoneRoutes } from "./me-phone";
import { migrationInviteRoutes } from "./migration-invites";
import { readingRoutes } from "./readings";
import { shareLinkRoutes } from "./share-links";
import { userInviteRoutes } from "./user-invites";
import { userRoutes } from "./users";

/** `?pageSize=` of any route (this hook runs for all of them, whatever their query schema), NaN when absent. */
function requestedPageSize(query: unknown): number {
  return typeof query === "object" && query !== null && "pageSize" in query ? Number(query.pageSize) : Number.NaN;
}

export const apiRoutes: FastifyPluginAsync<{ context: AppContext }> = async (app, { context }) => {
  await app.register(principalPlugin);

  // A page of thousands of rows is heavy work: it takes a slot like a download does, so
  // twenty of them from one key queue (then 429) instead of stalling everyone else.
  const heavyPages = new WeakMap<object, () => void>();
  app.addHook("preHandler", async (request, reply) => {
    const pageSize = requestedPageSize(request.query);
    if (request.method !== "GET" || !request.principal || !(pageSize > HEAVY_PAGE_ROWS)) return;
    const release = await context.heavyReads.acquire(request.principal.companyId);
    heavyPages.set(request, release);
    // Also when the client goes away before the answer is sent.
    reply.raw.once("close", release);
  });
  app.addHook("onResponse", async (request) => heavyPages.get(request)?.());

  // Every request made with an impersonation token leaves a row (method, path, status).
  app.addHook("onSend", impersonatedRequestRecorder(context));

  app.get(
    "/health",
    { config: { public: true }, schema: { tags: ["system"], summary: "Liveness and database check" } },
    async (_request, reply) => {
      await context.db.selectFrom("companies").select("id").limit(1).execute();
      return reply.send({ status: "ok" });
    },
  );

  await app.register(labelReportRoutes, { context });
  await app.register(labelReportExportRoutes, { context });
  await app.register(readingRoutes, { context });
  await app.register(epcisRoutes, { context });
  await app.register(labelReportDispositionRoutes, { context });
  await app.register(shareLinkRoutes, { context });
  await app.register(labelPresetRoutes, { context });
  await app.register(userRoutes, { context });
  await app.register(companyRoutes, { context });
  await app.register(impersonationRoutes, { context });
  await app.register(userInviteRoutes, { context });
  await app.register(companySettingsRoutes, { context });
  await app.register(migrationInviteRoutes, { context });
  await app.register(meRoutes, { context });
  await app.register(mePhoneRoutes, { context });
  await app.register(apiKeyRoutes, { context });
  await app.register(customFieldRoutes, { context });
  await app.register(controlCenterRoutes, { context });
};
