import fp from "fastify-plugin";
import { createMailer, type Mailer } from "../mail/mailer";

/** `app.mailer`: sign-in codes, invitations, password resets (the outbox table and SMTP, or the log). */
export const mailerPlugin = fp<{ mailer?: Mailer }>(
  async (app, options) => {
    app.decorate("mailer", options.mailer ?? createMailer(app.db, undefined, (msg) => app.log.info(msg)));
  },
  { name: "mailer", fastify: "5.x", dependencies: ["database"] },
);
