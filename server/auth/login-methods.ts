import type { FastifyInstance } from "fastify";
import type { AppContext } from "../app";

/** Which sign-in methods the sign-in page offers (multitenancy recipe, auth-protocol.md section 12). */
export function loginMethodRoutes(app: FastifyInstance, context: AppContext) {
  app.get(
    "/loginmethods",
    { schema: { tags: ["auth"], summary: "The sign-in methods this server offers" } },
    async () => {
      const providers = context.thirdPartyProviders.map((p) => ({ id: p.id, name: p.name }));
      const firstFactors = ["emailpassword"];
      if (context.passwordlessEnabled) firstFactors.push("otp-email", "link-email", "otp-phone", "link-phone");
      if (providers.length) firstFactors.push("thirdparty");
      return {
        status: "OK",
        emailPassword: { enabled: true },
        passwordless: { enabled: context.passwordlessEnabled },
        thirdParty: { enabled: providers.length > 0, providers },
        firstFactors,
      };
    },
  );
}
