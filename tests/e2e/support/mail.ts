import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";

export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
}

const MAIL_DIR = resolve(process.env.E2E_MAIL_DIR ?? ".tmp/e2e-mail");

function all(): CaughtMail[] {
  return readdirSync(MAIL_DIR)
    .sort()
    .map((f) => JSON.parse(readFileSync(join(MAIL_DIR, f), "utf8")) as CaughtMail);
}

/** Waits for the newest mail to an address (the local SMTP server of serve.ts writes them to files). */
export async function latestMailTo(address: string, since = 0, timeoutMs = 10_000): Promise<CaughtMail> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const mails = all().filter((m) => m.to.some((t) => t.toLowerCase() === address.toLowerCase()));
    if (mails.length > since) return mails[mails.length - 1] as CaughtMail;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No mail to ${address} within ${timeoutMs} ms`);
}

/** Where the e2e server's text messages to a phone number arrive (SMS_EMAIL_DOMAIN in serve.ts). */
export function textsTo(phone: string): string {
  return `${phone.replace(/\s/g, "")}@sms.test`;
}

export function mailCountTo(address: string): number {
  return all().filter((m) => m.to.some((t) => t.toLowerCase() === address.toLowerCase())).length;
}

export function linkIn(mail: CaughtMail): URL {
  const match = /(https?:\/\/\S+)/.exec(mail.text);
  if (!match) throw new Error(`No link in mail "${mail.subject}"`);
  return new URL(match[1] as string);
}
