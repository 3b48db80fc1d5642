import cookie from "@fastify/cookie";
import type { FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";
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
const authRoutes: FastifyPluginAsync = async (app) => {
  app.addHook("onRoute", (route) => {
    route.config = { ...(route.config ?? {}), public: true };
  });
  await app.register(cookie);
  await app.register(
    async (auth) => {
      await auth.register(sessionRoutes);
      await auth.register(emailPasswordRoutes);
      await auth.register(passwordlessRoutes);
      await auth.register(thirdPartyRoutes);
      await auth.register(loginMethodRoutes);
    },
    { prefix: "/auth" },
  );
  await app.register(companyTokenRoutes);
};

// Encapsulated like any route group; named only so its dependencies are checked at boot.
export const authPlugin = fp(authRoutes, {
  name: "auth-routes",
  fastify: "5.x",
  encapsulate: true,
  dependencies: ["database", "signing-keys", "settings", "mailer", "throttles"],
});
