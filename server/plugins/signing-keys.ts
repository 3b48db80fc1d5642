import fp from "fastify-plugin";
import type { SigningKeys } from "../auth/keys";

/** `app.keys`: the keys that sign and verify sessions, role tokens and device markers. */
export const signingKeysPlugin = fp<{ keys: SigningKeys }>(
  async (app, { keys }) => {
    app.decorate("keys", keys);
  },
  { name: "signing-keys", fastify: "5.x" },
);
