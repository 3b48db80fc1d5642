import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { authPlugin } from "../../server/auth/index";
import type { Db } from "../../server/db/index";
import { alertWorkerPlugin } from "../../server/plugins/alert-worker";
import { databasePlugin } from "../../server/plugins/database";
import { apiRoutes } from "../../server/routes/index";

// A route group that reads app.db must not boot without it: the first request would
// otherwise be the first to find out, as a 500.
describe("plugins refuse to boot without the decorators they read", () => {
  it("the data routes without the database plugin fail at boot, naming it", async () => {
    const app = Fastify();
    app.register(apiRoutes, { prefix: "/api" });
    await expect(app.ready()).rejects.toThrow(/dependency 'database'/);
  });

  it("the auth routes without the database plugin fail at boot, naming it", async () => {
    const app = Fastify();
    app.register(authPlugin, { prefix: "/api" });
    await expect(app.ready()).rejects.toThrow(/dependency 'database'/);
  });

  it("the alert worker without the settings plugin fails at boot, naming it", async () => {
    const app = Fastify();
    app.register(databasePlugin, { db: {} as Db });
    app.register(alertWorkerPlugin, {});
    await expect(app.ready()).rejects.toThrow(/dependency 'settings'/);
  });
});
