import nodemailer from "nodemailer";
import type { Db } from "../db/index";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

const FROM = process.env.MAIL_FROM ?? "ColdChain Dashboard <no-reply@coldchain.example>";

/**
 * Mail goes through SMTP when SMTP_URL is set; otherwise into the outbox table and
 * the log, so the demo works offline (README: "Reading the demo's e-mail").
 */
export function createMailer(db: Db, smtpUrl: string | undefined, log: (msg: string) => void): Mailer {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  return {
    async send(mail) {
      const row = await db
        .insertInto("outbox")
        .values({ recipient: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null })
        .returning("id")
        .executeTakeFirstOrThrow();
      if (transport) {
        await transport.sendMail({ from: FROM, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
        await db.updateTable("outbox").set({ sent: new Date() }).where("id", "=", row.id).execute();
      } else {
        log(`Mail to ${mail.to} (outbox #${row.id}): ${mail.subject}\n${mail.text}`);
      }
    },
  };
}
