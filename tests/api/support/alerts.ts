import { type AppOptions, buildApp } from "../../../server/app";
import type { Db } from "../../../server/db/index";
import type { Mail } from "../../../server/mail/mailer";
import type { TestApp } from "./app";

/** A transport that keeps what it was given, and fails while `failing` is set. */
export function recordingTransport() {
  const delivered: Mail[] = [];
  const transport = {
    delivered,
    failing: false,
    async send(mail: Mail) {
      if (transport.failing) throw new Error("SMTP 451 try again later");
      delivered.push(mail);
    },
  };
  return transport;
}

/** Another server instance over the same database (a restart, or a second instance running at once). */
export async function secondApp(t: TestApp, options: Partial<AppOptions> = {}) {
  const app = await buildApp({ db: t.database.db, keys: t.keys, publicUrl: "http://dashboard.test", ...options });
  await app.ready();
  return app;
}

/** The alert e-mails of a report in the outbox: recipient, kind, subject, text. */
export async function alertMailsOf(db: Db, reportId: string) {
  return db
    .selectFrom("outbox as o")
    .innerJoin("alertEvents as e", "e.id", "o.alertEventId")
    .select(["o.recipient", "e.kind", "e.key", "o.subject", "o.text", "o.sent", "o.attempts", "o.lastError"])
    .where("e.reportId", "=", reportId)
    .orderBy("o.recipient")
    .orderBy("e.key")
    .execute();
}

/** Readings every 5 minutes from `from` (epoch ms), with the given temperature and battery. */
export function readingsFrom(from: number, count: number, temperature: number, battery = 90) {
  return Array.from({ length: count }, (_, i) => ({
    time: new Date(from + i * 300_000).toISOString(),
    temperature,
    humidity: 50,
    battery,
  }));
}

/** A minute three days ago: old enough that no label of these tests counts as newly silent. */
export const THREE_DAYS_AGO = Math.floor((Date.now() - 3 * 86_400_000) / 60_000) * 60_000;
