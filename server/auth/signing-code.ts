import type { Db } from "../db/index";
import type { Mailer } from "../mail/mailer";
import { storeCode } from "./fresh-proof";
import type { AuthThrottles } from "./throttle";

/**
 * E-mails a person a code that proves them for one signature (a report's or a shipment's
 * disposition, a deviation's closing), for accounts without a password: the requests are
 * throttled per account, and the code is bound to what it signs (`binding`, given again by
 * proveIdentity's `codeBinding`), so it signs nothing else. `signs` says what entering it
 * does, e.g. `closes deviation DEV-2026-0001 with your signature`.
 */
export async function mailSigningCode(
  deps: { db: Db; mailer: Mailer; throttles: AuthThrottles },
  user: { id: string; email: string },
  request: { binding: string; subject: string; signs: string },
): Promise<void> {
  await deps.throttles.codes.hit(`code:${user.email.toLowerCase()}`, "code requests for this account");
  const code = await storeCode(deps.db, user.id, "signature-proof", null, request.binding);
  await deps.mailer.send({
    to: user.email,
    subject: `ColdChain code ${code} ${request.subject}`,
    text: `Your ColdChain code is ${code}. Entering it ${request.signs}, and nothing else; it is valid for 15 minutes.\n\nIf you did not ask for it, someone may be signed in as you: change your password.\n`,
  });
}
