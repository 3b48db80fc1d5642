import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { DatabaseHandle } from "../../server/db/index";
import { createMailer } from "../../server/mail/mailer";
import { createTestDatabase } from "./support/database";

// A real SMTP server that refuses what a real one refuses: a recipient that is not an address.
let handle: DatabaseHandle;
let smtp: SMTPServer;
let smtpUrl: string;
const received: string[] = [];

beforeAll(async () => {
  handle = await createTestDatabase();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!/^[^@\s]+@[^@\s]+$/.test(address.address)) return callback(new Error("Bad recipient"));
      callback();
    },
    onData(stream, session, callback) {
      stream.resume();
      stream.on("end", () => {
        received.push(...session.envelope.rcptTo.map((r) => r.address));
        callback();
      });
    },
  });
  await new Promise<void>((done) => smtp.listen(0, "127.0.0.1", done));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as { port: number }).port}`;
});

afterAll(async () => {
  await new Promise<void>((done) => smtp.close(done));
  await handle.close();
});

async function outboxRow(recipient: string) {
  return handle.db.selectFrom("outbox").selectAll().where("recipient", "=", recipient).executeTakeFirst();
}

test("with SMTP and no SMS gateway, a text message stays in the outbox and the log instead of failing", async () => {
  const logged: string[] = [];
  const mailer = createMailer(handle.db, smtpUrl, (msg) => logged.push(msg));
  await mailer.send({ to: "+4915550001111", subject: "ColdChain code 123456", text: "Your code is 123456" });
  expect(received).not.toContain("+4915550001111");
  expect((await outboxRow("+4915550001111"))?.sent ?? null).toBeNull();
  expect(logged.join("\n")).toContain("Text message to +4915550001111");
});

test("with an e-mail-to-SMS gateway, a text message goes by SMTP to the number at its domain", async () => {
  const mailer = createMailer(handle.db, smtpUrl, () => {}, "sms.example");
  await mailer.send({ to: "+4915550002222", subject: "ColdChain code 654321", text: "Your code is 654321" });
  expect(received).toContain("+4915550002222@sms.example");
  expect((await outboxRow("+4915550002222"))?.sent).not.toBeNull();
});

test("an e-mail goes by SMTP to its address and is marked sent in the outbox", async () => {
  const mailer = createMailer(handle.db, smtpUrl, () => {}, "sms.example");
  await mailer.send({ to: "qa@customer.example", subject: "Report ended", text: "…" });
  expect(received).toContain("qa@customer.example");
  expect((await outboxRow("qa@customer.example"))?.sent).not.toBeNull();
});
