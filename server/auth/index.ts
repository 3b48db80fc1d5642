import cookie from "@fastify/cookie";
import type { FastifyPluginAsync } from "fastify";
import type { AppContext } from "../app";
import { companyTokenRoutes } from "./company-routes";
import { emailPasswordRoutes } from "./emailpassword-routes";
import { loginMethodRoutes } from "./login-methods";
import { passwordlessRoutes } from "./passwordless-routes";
import { sessionRoutes } from "./session-routes";
import { thirdPartyRoutes } from "./thirdparty-routes";

/**
 * The SuperTokens frontend protocol under /api/auth, and the product's own token
 * and invitation calls. These routes check sessions themselves, so the data routes'
 * role-token check does not apply (they are public in the route table).
 */
export const authPlugin: FastifyPluginAsync<{ context: AppContext }> = async (app, { context }) => {
  app.addHook("onRoute", (route) => {
    route.config = { ...(route.config ?? {}), public: true };
  });
  await app.register(cookie);
  await app.register(
    async (auth) => {
      sessionRoutes(auth, context);
      emailPasswordRoutes(auth, context);
      passwordlessRoutes(auth, context);
      thirdPartyRoutes(auth, context);
      loginMethodRoutes(auth, context);
    },
    { prefix: "/auth" },
  );
  companyTokenRoutes(app, context);
};
