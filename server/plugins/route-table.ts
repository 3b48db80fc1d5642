import fp from "fastify-plugin";
import type { RouteEntry } from "../types";

/** `app.routeTable`: every route with its declared permission, for the permission and isolation suites. */
export const routeTablePlugin = fp(
  async (app) => {
    const routeTable: RouteEntry[] = [];
    app.decorate("routeTable", routeTable);
    app.addHook("onRoute", (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        if (method === "HEAD") continue;
        // Read lazily: a plugin's own onRoute hook (auth marks its routes public) runs after this one.
        routeTable.push({
          method,
          url: route.url,
          get permission() {
            return route.config?.permission ?? null;
          },
          get public() {
            return route.config?.public === true;
          },
        });
      }
    });
  },
  { name: "route-table", fastify: "5.x" },
);
