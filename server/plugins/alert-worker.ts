import fp from "fastify-plugin";
import { createMailTransport } from "../mail/mailer";
import { type AlertTransport, createAlertWorker } from "../notifications/alert-worker";
import { reevaluateAll } from "../reports/reevaluate";
import { purgeExpiredReports } from "../reports/retention";

export interface AlertWorkerOptions {
  transport?: AlertTransport;
  /** Absent or 0: the worker only runs when app.alertWorker.runOnce() is called (tests). */
  intervalMs?: number;
  /** RETENTION_YEARS; null: nothing is ever deleted. */
  retentionYears?: number | null;
}

const DAY_MS = 86_400_000;

/**
 * `app.alertWorker`: sends the alert outbox and finds silent labels, from ready until close.
 * A running server (a timer set) also brings reports computed with older verdict maths up
 * to date in the background (server/reports/reevaluate.ts), and, when RETENTION_YEARS is set,
 * deletes the reports past it once a day (server/reports/retention.ts).
 */
export const alertWorkerPlugin = fp<AlertWorkerOptions>(
  async (app, options) => {
    const worker = createAlertWorker({
      db: app.db,
      transport: options.transport ?? createMailTransport(undefined, (msg) => app.log.info(msg)),
      publicUrl: app.settings.publicUrl,
      intervalMs: options.intervalMs ?? 0,
      webhooks: app.settings.webhooks,
      smsEmailDomain: app.settings.smsEmailDomain,
      log: (msg) => app.log.warn(msg),
    });
    app.decorate("alertWorker", worker);
    let closing = false;
    let reevaluation: Promise<unknown> | null = null;
    let retention: ReturnType<typeof setInterval> | null = null;
    const years = options.retentionYears ?? null;
    const purge = (years: number) =>
      purgeExpiredReports(app.db, years)
        .then(({ reports }) => {
          if (reports > 0) app.log.info(`Retention: deleted ${reports} reports that ended over ${years} years ago`);
        })
        .catch((error: unknown) => app.log.error({ err: error }, "Retention pass failed"));
    app.addHook("onReady", async () => {
      worker.start();
      if (options.intervalMs)
        reevaluation = reevaluateAll(
          app.db,
          (msg) => app.log.info(msg),
          () => closing,
        ).catch((error: unknown) => app.log.error({ err: error }, "Re-evaluating stored reports stopped"));
      if (options.intervalMs && years !== null) {
        void purge(years);
        retention = setInterval(() => void purge(years), DAY_MS);
        retention.unref();
      }
    });
    app.addHook("onClose", async () => {
      closing = true;
      if (retention) clearInterval(retention);
      await reevaluation;
      await worker.stop();
    });
  },
  { name: "alert-worker", fastify: "5.x", dependencies: ["database", "settings"] },
);
