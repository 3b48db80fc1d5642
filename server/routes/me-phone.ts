import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { phoneChangeInput, phoneConfirmInput, profileRecord } from "../../core/api/profile";
import { phoneChangeAnswer, statusAnswer } from "../../core/api/status-answer";
import { toE164 } from "../../core/domain/phone";
import { recordAudit } from "../audit";
import { proveIdentity as proveShared, spendCode, storeCode } from "../auth/fresh-proof";
import { requireOwnSession } from "../auth/own-session";
import { afterFloor } from "../auth/uniform-timing";
import { deleteCredentialCodesOf } from "../db/credential-codes";
import { phoneTakenByOther, profileQuery, readUser, updateUser } from "../db/users";
import { badRequest, notFound } from "../errors";
import type { TypedRequests } from "../http/type-provider";
import { dataErrors } from "./schemas";

/**
 * Changing the phone number, which is a sign-in method (codes by text message). It
 * takes the person's own sign-in session and a fresh proof (the current password, or
 * a code e-mailed to the account's address); the new number counts only once the
 * code sent to it comes back; the account's address is told. See docs/security.md.
 */

export const mePhoneRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<TypedRequests>();
  const { db, throttles, mailer } = plugin;

  const account = async (userId: string) => {
    const user = await readUser(db, userId, ["id", "email", "firstName", "lastName", "phone", "passwordHash"]);
    if (!user) throw notFound("Account not found");
    return user;
  };

  /** The fresh proof of identity: the current password, or the code e-mailed to the account. */
  const proveIdentity = (
    request: FastifyRequest,
    user: { id: string; email: string; passwordHash: string | null },
    proof: { password?: string; emailCode?: string },
  ) =>
    proveShared(
      request,
      user,
      { password: proof.password, code: proof.emailCode },
      {
        codePurpose: "email-proof",
        codeField: "emailCode",
      },
    );

  app.post(
    "/me/phone/email-code",
    {
      schema: {
        tags: ["settings"],
        summary:
          "E-mail a code to the caller's address, as proof of identity for a phone change (accounts without a password). Sign-in session required",
        response: { 200: statusAnswer, ...dataErrors },
      },
    },
    async (request) => {
      const { userId } = await requireOwnSession(request);
      const user = await account(userId);
      await throttles.codes.hit(`code:${user.email.toLowerCase()}`, "code requests for this account");
      const code = await storeCode(db, userId, "email-proof", null);
      await mailer.send({
        to: user.email,
        subject: `ColdChain code ${code} to change your phone number`,
        text: `Your ColdChain code is ${code}. It proves it is you when changing your phone number, and is valid for 15 minutes.\n\nIf you did not ask for it, someone may be signed in as you: change your password.\n`,
      });
      return { status: "OK" };
    },
  );

  app.post(
    "/me/phone",
    {
      schema: {
        tags: ["settings"],
        summary:
          "Start changing the caller's phone number: with the current password or an e-mailed code; a code is sent to the new number (confirm with /me/phone/confirm). A null phone removes it at once. Sign-in session required; refused while impersonating",
        body: phoneChangeInput,
        response: {
          200: phoneChangeAnswer,
          429: dataErrors[400],
          ...dataErrors,
        },
      },
    },
    async (request) => {
      const { userId } = await requireOwnSession(request);
      const body = request.body;
      const raw = body.phone === null ? "" : body.phone.trim();
      // Stored in E.164 only, so that sign-in by phone finds the number however it was typed.
      const phone = raw === "" ? null : toE164(raw);
      if (raw !== "" && phone === null)
        throw badRequest("Please check the fields", [
          { id: "phone", error: "Phone number is invalid: use the international form, e.g. +49 69 1234567" },
        ]);
      const user = await account(userId);
      await proveIdentity(request, user, body);
      if (phone === null) {
        await db.transaction().execute(async (trx) => {
          await updateUser(trx, userId, { phone: null });
          await deleteCredentialCodesOf(trx, userId);
          await recordAudit(trx, request.principal, {
            action: "phone-remove",
            entity: "user",
            entityId: userId,
            before: { phone: user.phone },
            after: { phone: null },
          });
        });
        await tellAccount(user, null);
        return { status: "REMOVED", phone: null };
      }
      // Text messages cost money and reach strangers: bounded per number and per account, and
      // no proof, however often right, gives the account a fresh allowance.
      await throttles.codes.hit(`code:${phone}`, "code requests for this number");
      await throttles.codes.hit(`phone-change:${userId}`, "phone changes for this account");
      // A number of another account gets the very answer a free one gets, and a pending change
      // whose code is never delivered (so confirming answers "wrong code" as for any guess):
      // the answer never tells who has an account. Confirming checks the number again.
      // The same least time both ways, so a message not sent is not heard in the timing either.
      await afterFloor(plugin.settings.lookupFloorMs, async () => {
        const taken = await phoneTakenByOther(db, phone, userId);
        const code = await storeCode(db, userId, "phone-change", phone);
        if (taken) return;
        // Without an SMS gateway, text messages go to the outbox addressed to the number (docs/operations.md).
        await mailer.send({
          to: phone,
          subject: `ColdChain code ${code}`,
          text: `Your ColdChain code is ${code}. Enter it to make this your phone number for signing in; valid for 15 minutes.\n`,
        });
      });
      return { status: "CODE_SENT", phone };
    },
  );

  app.post(
    "/me/phone/confirm",
    {
      schema: {
        tags: ["settings"],
        summary:
          "Finish a phone change with the code sent to the new number: it becomes a sign-in method, and the account's address is told. Sign-in session required",
        body: phoneConfirmInput,
        response: { 200: profileRecord, ...dataErrors },
      },
    },
    async (request) => {
      const { userId } = await requireOwnSession(request);
      const { code } = request.body;
      const pending = await spendCode(db, userId, "phone-change", code, "code");
      const phone = pending.phone as string;
      const before = await account(userId);
      await db.transaction().execute(async (trx) => {
        // Checked again: the number may have gone to someone else since the code was sent.
        if (await phoneTakenByOther(trx, phone, userId))
          throw badRequest("Phone number in use", [
            { id: "code", error: "This phone number belongs to another account" },
          ]);
        await updateUser(trx, userId, { phone });
        await recordAudit(trx, request.principal, {
          action: "phone-change",
          entity: "user",
          entityId: userId,
          before: { phone: before.phone },
          after: { phone },
        });
      });
      await tellAccount(before, phone);
      return profileQuery(db, userId).executeTakeFirstOrThrow();
    },
  );

  /** The account's own address hears of every change of sign-in method, so a stranger's change is noticed. */
  async function tellAccount(user: { email: string; firstName: string }, phone: string | null) {
    const what = phone ? `Your phone number was changed to ${phone}.` : "Your phone number was removed.";
    await mailer.send({
      to: user.email,
      subject: phone ? "Your ColdChain phone number was changed" : "Your ColdChain phone number was removed",
      text: `Hello ${user.firstName || user.email},\n\n${what} Sign-in codes by text message now go ${phone ? "to that number" : "nowhere"}.\n\nNot you? Change your password at once and tell your company's administrator or ColdChain support.\n`,
    });
  }
};
