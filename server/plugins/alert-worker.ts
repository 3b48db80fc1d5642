import fp from "fastify-plugin";
import { createMailTransport } from "../mail/mailer";
import { type AlertTransport, createAlertWorker } from "../notifications/alert-worker";

export interface AlertWorkerOptions {
  transport?: AlertTransport;
  /** Absent or 0: the worker only runs when app.alertWorker.runOnce() is called (tests). */
  intervalMs?: number;
}

/** `app.alertWorker`: sends the alert outbox and finds silent labels, from ready until close. */
export const alertWorkerPlugin = fp<AlertWorkerOptions>(
  async (app, options) => {
    const worker = createAlertWorker({
      db: app.db,
      transport: options.transport ?? createMailTransport(undefined, (msg) => app.log.info(msg)),
      publicUrl: app.settings.publicUrl,
      intervalMs: options.intervalMs ?? 0,
      log: (msg) => app.log.warn(msg),
    });
    app.decorate("alertWorker", worker);
    app.addHook("onReady", async () => worker.start());
    app.addHook("onClose", () => worker.stop());
  },
  { name: "alert-worker", fastify: "5.x", dependencies: ["database", "settings"] },
);
