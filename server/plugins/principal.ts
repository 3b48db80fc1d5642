import fp from "fastify-plugin";
import { refuseWhileImpersonating } from "../auth/impersonation-refusals";
import { authenticate, requirePermission } from "../auth/principal";

/**
 * `request.principal` on the data routes of the scope it is registered in: every route
 * authenticates and checks its declared permission first, before its input is even
 * validated, so a caller without rights learns nothing from a 400. Routes marked public
 * (health, build info) skip it; the auth routes live outside that scope.
 */
export const principalPlugin = fp(
  async (app) => {
    app.decorateRequest("principal", null as never);
    app.addHook("onRequest", async (request) => {
      const config = request.routeOptions.config;
      if (config.public) return;
      request.principal = await authenticate(app.db, app.keys, request);
      // Before the permission check: the attempt is audited even where the role could not do it anyway.
      const refusal = config.refusedWhileImpersonating;
      if (refusal) {
        // A hook runs for every route, so its params are not typed from one route's schema.
        const params: unknown = request.params;
        const id =
          typeof params === "object" && params !== null && "id" in params && typeof params.id === "string"
            ? params.id
            : undefined;
        await refuseWhileImpersonating(app.db, request.principal, {
          ...refusal,
          entityId: id ?? request.principal.companyId,
        });
      }
      if (config.permission) requirePermission(request.principal, ...config.permission);
    });
  },
  { name: "principal", fastify: "5.x", dependencies: ["database", "signing-keys"] },
);
