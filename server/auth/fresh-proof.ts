import { randomInt } from "node:crypto";
import { verify } from "@node-rs/argon2";
import type { FastifyRequest } from "fastify";
import {
  deleteCredentialCode,
  lockCredentialCode,
  setCredentialCodeFailures,
  upsertCredentialCode,
} from "../db/credential-codes";
import type { Db } from "../db/index";
import { badRequest } from "../errors";
import { sha256Hex } from "./hash";
import { addressKey } from "./throttle";

/**
 * A fresh proof that the person at the keyboard is the account's owner: the current
 * password, or a six-digit code e-mailed to the account's address (for accounts without
 * a password). Asked before a sign-in method changes (server/routes/me-phone.ts) and
 * before an electronic signature (server/routes/label-report-disposition.ts).
 * Password guesses count toward the sign-in throttle; wrong codes end a code after five.
 */

const CREDENTIAL_CODE_MS = 15 * 60_000;
const MAX_CREDENTIAL_CODE_ATTEMPTS = 5;

/** Each purpose has its own code, so a code mailed "to change your phone" cannot sign a report. */
export type CodePurpose = "email-proof" | "phone-change" | "signature-proof";

/**
 * `binding` ties a code to what it was asked for (a signature's report and disposition): the
 * same digits asked for one report do not sign another.
 */
const codeHash = (userId: string, purpose: CodePurpose, code: string, binding = "") =>
  sha256Hex(`${purpose}:${userId}:${code.trim()}${binding ? `:${binding}` : ""}`);
const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, "0");

export async function storeCode(
  db: Db,
  userId: string,
  purpose: CodePurpose,
  phone: string | null,
  binding = "",
): Promise<string> {
  const code = newCode();
  const values = {
    codeHash: codeHash(userId, purpose, code, binding),
    phone,
    failedAttempts: 0,
    expires: new Date(Date.now() + CREDENTIAL_CODE_MS),
  };
  await upsertCredentialCode(db, userId, purpose, values);
  return code;
}

/**
 * Spends a code: the row when it matches, else a 400 on `field`. Wrong tries count;
 * the fifth ends the code, so six digits cannot be walked through.
 */
export async function spendCode(
  db: Db,
  userId: string,
  purpose: CodePurpose,
  code: string,
  field: string,
  binding = "",
) {
  const outcome = await db.transaction().execute(async (trx): Promise<{ error: string } | { phone: string | null }> => {
    const row = await lockCredentialCode(trx, userId, purpose);
    const missing = purpose === "phone-change" ? "No phone change is waiting; start again" : "Ask for a new code";
    if (!row || row.expires.getTime() <= Date.now())
      return { error: `${row ? "The code has expired" : "No code was sent"}: ${missing}` };
    if (row.codeHash !== codeHash(userId, purpose, code, binding)) {
      const failed = row.failedAttempts + 1;
      if (failed >= MAX_CREDENTIAL_CODE_ATTEMPTS) {
        await deleteCredentialCode(trx, userId, purpose);
        return { error: `Too many wrong codes: ${missing}` };
      }
      await setCredentialCodeFailures(trx, userId, purpose, failed);
      return { error: "The code is wrong" };
    }
    await deleteCredentialCode(trx, userId, purpose);
    return { phone: row.phone };
  });
  // Thrown after the transaction, so a wrong try's count is kept.
  if ("error" in outcome) throw badRequest(outcome.error, [{ id: field, error: outcome.error }]);
  return outcome;
}

export interface Proof {
  password?: string;
  /** A code e-mailed for `codePurpose`. */
  code?: string;
}

/**
 * Checks the fresh proof, or throws a 400 naming the field: `password`, or `codeField`.
 * A wrong password is a failed sign-in: it counts toward the sign-in form's per-address
 * limit, and toward the account's proof limit (10 in 15 minutes), so guessing here is
 * no cheaper than guessing there. A right password counts toward
 * nothing, and clears nothing either: a QA person signing fifty reports never locks
 * their office out of signing in, and a right password never wipes the wrong ones.
 */
export async function proveIdentity(
  request: FastifyRequest,
  user: { id: string; email: string; passwordHash: string | null },
  proof: Proof,
  options: {
    codePurpose: CodePurpose;
    codeField: string;
    wrongPassword?: string;
    /** The form's name for the password field (the password change calls it `currentPassword`). */
    passwordField?: string;
    /** What an account without a password is told when it sends one. */
    noPassword?: string;
    /** What the code was asked for (storeCode's binding). */
    codeBinding?: string;
  },
): Promise<void> {
  const { throttles, db } = request.server;
  if (proof.password !== undefined) {
    const email = user.email.toLowerCase();
    const address = addressKey(request.ip);
    // The sign-in form's own buckets (server/auth/emailpassword-routes.ts).
    const addressBucket = `signin:${address}`;
    const proofBucket = `signin:${email}`;
    await throttles.perAddress.check(addressBucket, "failed sign-in attempts from this address");
    await throttles.perAccount.check(proofBucket, "sign-in attempts for this account");
    // Counted before the slow verify and taken back when right, so parallel guesses cannot all slip past.
    await throttles.perAddress.add(addressBucket);
    await throttles.perAccount.add(proofBucket);
    if (!user.passwordHash || !(await verify(user.passwordHash, proof.password))) {
      const error = user.passwordHash
        ? (options.wrongPassword ?? "The current password is wrong")
        : (options.noPassword ?? "This account has no password: ask for a code by e-mail");
      throw badRequest(error, [{ id: options.passwordField ?? "password", error }]);
    }
    await throttles.perAddress.remove(addressBucket);
    await throttles.perAccount.remove(proofBucket);
    return;
  }
  if (proof.code !== undefined) {
    await spendCode(db, user.id, options.codePurpose, proof.code, options.codeField, options.codeBinding);
    return;
  }
  throw badRequest("Prove it is you", [
    { id: "password", error: "Enter your current password, or ask for a code by e-mail" },
  ]);
}
