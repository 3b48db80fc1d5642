import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { startTestIdentityProvider } from "../../support/identity-provider";

/**
 * What the browser tests run against: the real server (server/main.ts) on a fresh
 * database, with a real local SMTP server catching its mail into files the tests
 * read, and a real local OpenID Connect provider for third-party sign-in.
 */

export const MAIL_DIR = resolve(process.env.E2E_MAIL_DIR ?? ".tmp/e2e-mail");
const port = Number(process.env.PORT ?? 3199);
const origin = `http://127.0.0.1:${port}`;

rmSync(MAIL_DIR, { recursive: true, force: true });
mkdirSync(MAIL_DIR, { recursive: true });

let count = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((mail) => {
        count += 1;
        const to = session.envelope.rcptTo.map((r) => r.address);
        const file = join(MAIL_DIR, `${String(Date.now()).padStart(15, "0")}-${String(count).padStart(5, "0")}.json`);
        writeFileSync(file, JSON.stringify({ to, subject: mail.subject ?? "", text: mail.text ?? "" }));
        callback();
      })
      .catch((error: Error) => callback(error));
  },
});
await new Promise<void>((done) => smtp.listen(0, "127.0.0.1", done));
const smtpPort = (smtp.server.address() as { port: number }).port;

const idp = await startTestIdentityProvider([`${origin}/auth/callback/oidc`]);

process.env.SMTP_URL = `smtp://127.0.0.1:${smtpPort}`;
// Text messages reach the catcher as an e-mail-to-SMS gateway would get them (textsTo in mail.ts).
process.env.SMS_EMAIL_DOMAIN = "sms.test";
process.env.PUBLIC_URL = origin;
process.env.OIDC_ISSUER = idp.issuer;
process.env.OIDC_CLIENT_ID = idp.clientId;
process.env.OIDC_CLIENT_SECRET = idp.clientSecret;
process.env.OIDC_NAME = "Test SSO";

await import("../../../server/main");
