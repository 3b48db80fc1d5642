import fp from "fastify-plugin";
import { createMailTransport } from "../mail/mailer";
import { type AlertTransport, createAlertWorker } from "../notifications/alert-worker";
import { reevaluateAll } from "../reports/reevaluate";

export interface AlertWorkerOptions {
  transport?: AlertTransport;
  /** Absent or 0: the worker only runs when app.alertWorker.runOnce() is called (tests). */
  intervalMs?: number;
}

/**
 * `app.alertWorker`: sends the alert outbox and finds silent labels, from ready until close.
 * A running server (a timer set) also brings reports computed with older verdict maths up
 * to date in the background (server/reports/reevaluate.ts).
 */
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
    let closing = false;
    let reevaluation: Promise<unknown> | null = null;
    app.addHook("onReady", async () => {
      worker.start();
      if (options.intervalMs)
        reevaluation = reevaluateAll(
          app.db,
          (msg) => app.log.info(msg),
          () => closing,
        ).catch((error: unknown) => app.log.error({ err: error }, "Re-evaluating stored reports stopped"));
    });
    app.addHook("onClose", async () => {
      closing = true;
      await reevaluation;
      await worker.stop();
    });
  },
  { name: "alert-worker", fastify: "5.x", dependencies: ["database", "settings"] },
);
