import fp from "fastify-plugin";
import { RecordSigner } from "../reports/record-signature";

/**
 * `app.recordSigner`: signs the content hashes the server issues (server/reports/record-signature.ts).
 * Its key is read (or made) once the app is ready, before any request: read first inside a
 * request's transaction, it would wait for that transaction's own connection on the embedded
 * database. A database that is down then is tried again at the first signature.
 */
export const recordSignerPlugin = fp(
  async (app) => {
    const signer = new RecordSigner(app.db);
    app.decorate("recordSigner", signer);
    app.addHook("onReady", async () => {
      await signer.keyId().catch((error: unknown) => app.log.warn({ err: error }, "record signing key not loaded yet"));
    });
  },
  { name: "record-signer", fastify: "5.x", dependencies: ["database"] },
);
