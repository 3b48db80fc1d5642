import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "@playwright/test";
import { currentMailDir } from "./paths";

export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
}

function all(): CaughtMail[] {
  // The mail catcher of this worker's own server (fixtures.ts).
  const dir = currentMailDir();
  return readdirSync(dir)
    .sort()
    .map((f) => JSON.parse(readFileSync(join(dir, f), "utf8")) as CaughtMail);
}

/**
 * Waits for the newest mail to an address (the local SMTP server of serve.ts writes them to
 * files), as long as any other expectation waits: a loaded machine delivers late, not never.
 */
export async function latestMailTo(address: string, since = 0): Promise<CaughtMail> {
  let latest: CaughtMail | undefined;
  await expect
    .poll(
      () => {
        const mails = all().filter((m) => m.to.some((t) => t.toLowerCase() === address.toLowerCase()));
        latest = mails[mails.length - 1];
        return mails.length;
      },
      { message: `a new mail to ${address}` },
    )
    .toBeGreaterThan(since);
  return latest as CaughtMail;
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
