import type { FastifyPluginAsync } from "fastify";

/** Which sign-in methods the sign-in page offers (the SuperTokens multitenancy recipe's answer). */
export const loginMethodRoutes: FastifyPluginAsync = async (app) => {
  const { settings } = app;
  app.get(
    "/loginmethods",
    { schema: { tags: ["auth"], summary: "The sign-in methods this server offers" } },
    async () => {
      const providers = settings.thirdPartyProviders.map((p) => ({ id: p.id, name: p.name }));
      const firstFactors = ["emailpassword"];
      if (settings.passwordlessEnabled) firstFactors.push("otp-email", "link-email", "otp-phone", "link-phone");
      if (providers.length) firstFactors.push("thirdparty");
      return {
        status: "OK",
        emailPassword: { enabled: true },
        passwordless: { enabled: settings.passwordlessEnabled },
        thirdParty: { enabled: providers.length > 0, providers },
        firstFactors,
      };
    },
  );
};
