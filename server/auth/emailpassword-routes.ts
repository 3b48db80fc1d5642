import { hash, verify } from "@node-rs/argon2";
import type { FastifyPluginAsync } from "fastify";
import { emailExistsQuery, existsAnswer, formFieldsBody, passwordResetInput } from "../../core/api/email-password";
import { emailError, passwordError } from "../../core/domain/credentials";
import {
  insertPasswordResetToken,
  lockPasswordResetToken,
  markPasswordResetTokenUsed,
} from "../db/password-reset-tokens";
import { endSessionsOfUser, revokeRoleTokensOfUser } from "../db/sessions";
import { findUserByEmail, updateUser } from "../db/users";
import type { TypedRequests } from "../http/type-provider";
import { readFields } from "./form-fields";
import { randomToken, sha256Hex } from "./hash";
import { acceptInviteAsNewAccount, checkInvite, INVITE_TOKEN_HEADER, inviteTokenOf } from "./invites";
import { knownDeviceOf } from "./known-device";
import { signedIn } from "./signed-in";
import { addressKey } from "./throttle";
import { afterFloor } from "./uniform-timing";

const RESET_TOKEN_SECONDS = 3600;

// Verifying against a fixed hash when the e-mail is unknown keeps both answers equally slow.
const DUMMY_HASH = hash("not-a-real-password-0");

type SignUpOutcome =
  | { status: "OK"; userId: string }
  | { status: "SIGN_UP_NOT_ALLOWED"; reason: string }
  | { status: "FIELD_ERROR"; formFields: { id: string; error: string }[] };

export const emailPasswordRoutes: FastifyPluginAsync = async (server) => {
  const app = server.withTypeProvider<TypedRequests>();
  const { db, throttles } = server;

  app.post(
    "/signin",
    { schema: { tags: ["auth"], summary: "Sign in with e-mail and password", body: formFieldsBody } },
    async (request, reply) => {
      const { formFields } = request.body;
      const { values, errors } = readFields(formFields, ["email", "password"]);
      const emailProblem = values.email ? emailError(values.email) : null;
      if (emailProblem) errors.push({ id: "email", error: emailProblem });
      if (errors.length) return { status: "FIELD_ERROR", formFields: errors };
      const email = (values.email as string).toLowerCase();
      const address = addressKey(request.ip);
      const user = await findUserByEmail(db, email);
      const device = await knownDeviceOf(request, user?.id);
      // The owner's known device has its own bucket: strangers' failures never reach it.
      const bucket = device ? `signin:${email}|device:${device}` : `signin:${email}|${address}`;
      const addressBucket = `signin:${address}`;
      const accountBucket = `signin:${email}`;
      if (!device) {
        await throttles.perAddress.check(addressBucket, "failed sign-in attempts from this address");
        await throttles.accountFailures.check(accountBucket, "failed sign-in attempts for this account");
      }
      await throttles.passwordFailures.check(bucket, "failed sign-in attempts");
      // Counted as failures before the slow verify and taken back on success, so parallel
      // guesses cannot all slip past the checks above.
      await throttles.passwordFailures.fail(bucket);
      if (!device) {
        await throttles.perAddress.add(addressBucket);
        await throttles.accountFailures.add(accountBucket);
      }
      const ok = await verify(user?.passwordHash ?? (await DUMMY_HASH), values.password as string);
      if (!user?.passwordHash || !ok) {
        request.log.info({ email, knownDevice: Boolean(device) }, "wrong sign-in credentials");
        await throttles.passwordFailures.settle(bucket);
        return { status: "WRONG_CREDENTIALS_ERROR" };
      }
      await throttles.passwordFailures.succeed(bucket);
      if (!device) {
        await throttles.perAddress.remove(addressBucket);
        await throttles.accountFailures.remove(accountBucket);
      }
      return signedIn(request, reply, user.id);
    },
  );

  app.post(
    "/signup",
    {
      schema: {
        tags: ["auth"],
        summary: `Sign up with an invitation (token in the ${INVITE_TOKEN_HEADER} header)`,
        body: formFieldsBody,
      },
    },
    async (request, reply) => {
      const { formFields } = request.body;
      const { values, errors } = readFields(formFields, ["email", "password"], ["firstName", "lastName"]);
      const emailProblem = values.email ? emailError(values.email) : null;
      if (emailProblem) errors.push({ id: "email", error: emailProblem });
      const passwordProblem = values.password ? passwordError(values.password) : null;
      if (passwordProblem) errors.push({ id: "password", error: passwordProblem });
      if (errors.length) return { status: "FIELD_ERROR", formFields: errors };

      await throttles.lookups.hit(`signup:${addressKey(request.ip)}`, "sign-up attempts from this address");
      // "This email already exists" is the protocol's answer, so its timing must not say more.
      const outcome = await afterFloor(server.settings.lookupFloorMs, async (): Promise<SignUpOutcome> => {
        const token = inviteTokenOf(request);
        if (!token)
          return {
            status: "SIGN_UP_NOT_ALLOWED",
            reason: "Registration is by invitation only. Please use the link from your invitation e-mail.",
          };
        const check = await checkInvite(db, token);
        if (!check.ok) return { status: "SIGN_UP_NOT_ALLOWED", reason: `${check.reason}.` };
        const invite = check.invite;
        const email = (values.email as string).toLowerCase();
        if (invite.email.toLowerCase() !== email) {
          return {
            status: "FIELD_ERROR",
            formFields: [{ id: "email", error: `This invitation is for ${invite.email}` }],
          };
        }
        if (await findUserByEmail(db, email)) {
          return {
            status: "FIELD_ERROR",
            formFields: [{ id: "email", error: "This email already exists. Please sign in instead." }],
          };
        }
        const passwordHash = await hash(values.password as string);
        const userId = await acceptInviteAsNewAccount(db, invite.id, {
          email,
          passwordHash,
          ...(values.firstName ? { firstName: values.firstName } : {}),
          ...(values.lastName ? { lastName: values.lastName } : {}),
        });
        if (!userId) return { status: "SIGN_UP_NOT_ALLOWED", reason: "This invitation was already used." };
        request.log.info({ userId, companyId: invite.companyId }, "signed up with an invitation");
        return { status: "OK", userId };
      });
      if (outcome.status !== "OK") return outcome;
      return signedIn(request, reply, outcome.userId);
    },
  );

  app.get(
    "/emailpassword/email/exists",
    {
      schema: {
        tags: ["auth"],
        summary: "Whether an account with this e-mail exists",
        querystring: emailExistsQuery,
        response: { 200: existsAnswer },
      },
    },
    async (request) => {
      await throttles.lookups.hit(`exists:${addressKey(request.ip)}`, "look-ups from this address");
      const { email } = request.query;
      return afterFloor(server.settings.lookupFloorMs, async () => {
        const user = await findUserByEmail(db, email.trim());
        return { status: "OK", exists: Boolean(user?.passwordHash) };
      });
    },
  );

  app.post(
    "/user/password/reset/token",
    { schema: { tags: ["auth"], summary: "E-mail a password reset link", body: formFieldsBody } },
    async (request) => {
      const { formFields } = request.body;
      const { values, errors } = readFields(formFields, ["email"]);
      const emailProblem = values.email ? emailError(values.email) : null;
      if (emailProblem) errors.push({ id: "email", error: emailProblem });
      if (errors.length) return { status: "FIELD_ERROR", formFields: errors };
      const email = (values.email as string).toLowerCase();
      const address = addressKey(request.ip);
      await throttles.perAddress.hit(`reset:${address}`, "password reset requests from this address");
      // Per (account, address) first, so a stranger's requests do not use up the owner's.
      await throttles.reset.hit(`account:${email}|${address}`, "password reset requests for this account");
      await throttles.accountResets.hit(`account:${email}`, "password reset requests for this account");
      // The same answer for unknown e-mails, in the same time, so the form reveals nothing.
      return afterFloor(server.settings.lookupFloorMs, async () => {
        const user = await findUserByEmail(db, email);
        if (!user) return { status: "OK" };
        const token = randomToken();
        await insertPasswordResetToken(db, {
          tokenHash: sha256Hex(token),
          userId: user.id,
          expires: new Date(Date.now() + RESET_TOKEN_SECONDS * 1000),
        });
        const link = `${server.settings.publicUrl}/reset-password?token=${encodeURIComponent(token)}&tenantId=public`;
        await server.mailer.send({
          to: user.email,
          subject: "Reset your ColdChain password",
          text: `Hello ${user.firstName || user.email},\n\nSomeone (hopefully you) asked to reset the password of your ColdChain account.\nOpen this link within one hour to choose a new password:\n\n${link}\n\nIf you did not ask for this, you can ignore this e-mail; your password stays as it is.\n`,
        });
        return { status: "OK" };
      });
    },
  );

  app.post(
    "/user/password/reset",
    {
      schema: {
        tags: ["auth"],
        summary: "Set a new password with a reset token",
        body: passwordResetInput,
      },
    },
    async (request) => {
      const { formFields, token } = request.body;
      const { values, errors } = readFields(formFields, ["password"]);
      const problem = values.password ? passwordError(values.password) : null;
      if (problem) errors.push({ id: "password", error: problem });
      if (errors.length) return { status: "FIELD_ERROR", formFields: errors };
      await throttles.perAddress.hit(`reset-use:${request.ip}`, "password reset attempts from this address");
      const passwordHash = await hash(values.password as string);
      const done = await db.transaction().execute(async (trx) => {
        const row = await lockPasswordResetToken(trx, sha256Hex(token));
        if (!row || row.used || row.expires.getTime() <= Date.now()) return false;
        await markPasswordResetTokenUsed(trx, row.tokenHash);
        await updateUser(trx, row.userId, { passwordHash });
        // A new password ends every session that the old one opened, and their role tokens with them
        // (verifyRoleToken joins the session; revoked here as well, for the record).
        await revokeRoleTokensOfUser(trx, row.userId);
        await endSessionsOfUser(trx, row.userId);
        return true;
      });
      return done ? { status: "OK" } : { status: "RESET_PASSWORD_INVALID_TOKEN_ERROR" };
    },
  );
};
