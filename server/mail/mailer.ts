import nodemailer from "nodemailer";
import { DEFAULT_MAIL_FROM } from "../config";
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

/** A text message is addressed to a phone number (E.164), not to an e-mail address. */
export function isPhoneRecipient(to: string): boolean {
  return /^\+[0-9]+$/.test(to);
}

/**
 * Where a message to `to` is e-mailed: an e-mail address as it is, a phone number at the
 * e-mail-to-SMS gateway ("+4969…@domain"), or null for a phone number without a gateway.
 */
export function deliveryAddress(to: string, smsEmailDomain: string | undefined): string | null {
  if (!isPhoneRecipient(to)) return to;
  return smsEmailDomain ? `${to}@${smsEmailDomain}` : null;
}

/**
 * Mail goes through SMTP when SMTP_URL is set; otherwise into the outbox table and
 * the log, so the demo works offline (docs/operations.md, "Mail and text messages").
 * Text messages (to a phone number) go through SMTP only to an e-mail-to-SMS gateway
 * (SMS_EMAIL_DOMAIN: "+4969…@domain"); an SMTP server would refuse a bare number, and
 * the person waiting for a sign-in code would get an error instead of the outbox.
 */
export function createMailer(
  db: Db,
  smtpUrl: string | undefined,
  log: (msg: string) => void,
  smsEmailDomain?: string,
  /** MAIL_FROM */
  from = DEFAULT_MAIL_FROM,
): Mailer {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  return {
    async send(mail) {
      const row = await db
        .insertInto("outbox")
        .values({ recipient: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null })
        .returning("id")
        .executeTakeFirstOrThrow();
      const phone = isPhoneRecipient(mail.to);
      const to = deliveryAddress(mail.to, smsEmailDomain);
      if (transport && to !== null) {
        await transport.sendMail({ from, to, subject: mail.subject, text: mail.text, html: mail.html });
        await db.updateTable("outbox").set({ sent: new Date() }).where("id", "=", row.id).execute();
      } else {
        log(`${phone ? "Text message" : "Mail"} to ${mail.to} (outbox #${row.id}): ${mail.subject}\n${mail.text}`);
      }
    },
  };
}

/**
 * How the alert worker hands on an e-mail already in the outbox: through SMTP when
 * SMTP_URL is set, otherwise into the log (the row itself is the demo's copy). A failure
 * throws, and the worker retries the row later.
 */
export function createMailTransport(
  smtpUrl: string | undefined,
  log: (msg: string) => void,
  /** MAIL_FROM */
  from = DEFAULT_MAIL_FROM,
): (mail: Mail) => Promise<void> {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  return async (mail) => {
    if (transport) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    } else {
      log(`Mail to ${mail.to}: ${mail.subject}\n${mail.text}`);
    }
  };
}
