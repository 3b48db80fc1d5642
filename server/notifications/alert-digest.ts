import { sql } from "kysely";
import type { Db } from "../db/index";
import { isPhoneRecipient } from "../mail/mailer";
import { digestSubject, renderDigestText, renderDigestTextMessage } from "./alert-mail";

/**
 * Alert e-mails per company are bounded: a gateway key that registers labels and sends
 * readings can raise alerts, and every alert used to be one e-mail to every member.
 * Past ALERTS_PER_COMPANY_PER_HOUR alerts in the last hour, a company's further alerts
 * are gathered into one digest e-mail per person, sent DIGEST_DELAY_MS after its first
 * alert; alerts raised while it waits join it. The digest lists its first
 * DIGEST_LINES alerts and counts the rest.
 */
export const ALERTS_PER_COMPANY_PER_HOUR = 20;
export const DIGEST_DELAY_MS = 15 * 60_000;
const DIGEST_LINES = 100;
const HOUR_MS = 60 * 60_000;

/** True when the company has had more alerts in the last hour than are e-mailed one by one (this one included). */
export async function overAlertLimit(trx: Db, companyId: string, now: Date): Promise<boolean> {
  return (await recentAlertCount(trx, companyId, now)) > ALERTS_PER_COMPANY_PER_HOUR;
}

/** The company's alerts of the last hour, counted up to one past the limit. */
export async function recentAlertCount(trx: Db, companyId: string, now: Date): Promise<number> {
  // Counts at most one past the limit: 100,000 labels ending in one hour cost as little as 21.
  const result = await sql<{ n: number }>`
    select count(*)::int as n from (
      select 1 from alert_events
      where company_id = ${companyId} and created > ${new Date(now.getTime() - HOUR_MS)}
      limit ${ALERTS_PER_COMPANY_PER_HOUR + 1}) recent`.execute(trx);
  return result.rows[0]?.n ?? 0;
}

/**
 * Adds alerts' lines (one per alert, in order) to the waiting digest of the company to
 * one address (an e-mail address, or a phone number for text messages), or starts one.
 */
export async function gatherIntoDigest(
  trx: Db,
  input: { companyId: string; companyName: string; recipient: string; lines: string[]; publicUrl: string; now: Date },
): Promise<void> {
  const key = `${input.companyId}:${input.recipient}`;
  const waiting = await trx
    .selectFrom("outbox")
    .select(["id", "text", "digestCount"])
    .where("digestKey", "=", key)
    .where("sent", "is", null)
    .where("nextAttemptAt", ">", input.now)
    .where("attempts", "=", 0)
    .forUpdate()
    .executeTakeFirst();
  const lines = waiting ? linesOf(waiting.text) : [];
  for (const line of input.lines) if (lines.length < DIGEST_LINES) lines.push(line);
  const count = (waiting?.digestCount ?? 0) + input.lines.length;
  // To a phone number, the digest is one line: a text message has no room for a list.
  const text = isPhoneRecipient(input.recipient)
    ? renderDigestTextMessage({ companyName: input.companyName, count, publicUrl: input.publicUrl })
    : renderDigestText({ companyName: input.companyName, lines, count, publicUrl: input.publicUrl });
  if (waiting) {
    await trx.updateTable("outbox").set({ text, digestCount: count }).where("id", "=", waiting.id).execute();
    return;
  }
  await trx
    .insertInto("outbox")
    .values({
      recipient: input.recipient,
      subject: digestSubject(input.companyName),
      text,
      alertEventId: null,
      digestKey: key,
      digestCount: count,
      nextAttemptAt: new Date(input.now.getTime() + DIGEST_DELAY_MS),
    })
    .execute();
}

/** The alert lines of a digest's text (renderDigestText writes each as "- …"). */
function linesOf(text: string): string[] {
  return text.split("\n").filter((line) => line.startsWith("- "));
}
