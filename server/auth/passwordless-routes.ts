import { createHash, createHmac, randomBytes, randomInt } from "node:crypto";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { emailExistsQuery, existsAnswer } from "../../core/api/email-password";
import { codeConsumeInput, codeRequestInput, codeResendInput, phoneExistsQuery } from "../../core/api/passwordless";
import { emailError } from "../../core/domain/credentials";
import { phoneNumberError, toE164 } from "../../core/domain/phone";
import { companyNameOf } from "../db/companies";
import type { Db } from "../db/index";
import { lockUsableInviteByTokenHash, markInviteAccepted } from "../db/invites";
import { insertMembership } from "../db/memberships";
import {
  deletePasswordlessDevice,
  deletePasswordlessDevicesOf,
  findPasswordlessDevice,
  insertPasswordlessDevice,
  lockPasswordlessDevice,
  updatePasswordlessDevice,
} from "../db/passwordless-devices";
import { findUserByEmail, findUserByPhone, insertUser } from "../db/users";
import { badRequest } from "../errors";
import type { TypedRequests } from "../http/type-provider";
import { sha256Hex } from "./hash";
import { findValidInvite, inviterGoneReason, inviterMayStillInvite, inviteTokenOf } from "./invites";
import { knownDeviceOf } from "./known-device";
import { signedIn } from "./signed-in";
import { addressKey } from "./throttle";
import { afterFloor } from "./uniform-timing";

/**
 * Passwordless sign-in, as SuperTokens' passwordless recipe answers it: a 6-digit code and a magic
 * link from one secret, valid 15 minutes, 5 tries per code request. Only people who
 * have an account, or an invitation, can get in.
 */

const CODE_LIFETIME_MS = 15 * 60_000;
const MAX_CODE_ATTEMPTS = 5;
const FLOW_TYPE = "USER_INPUT_CODE_AND_MAGIC_LINK";

const b64url = (buf: Buffer) => buf.toString("base64url");

/** preAuthSessionId = base64url(SHA-256(deviceId bytes)), as the reference core derives it. */
function preAuthSessionIdOf(deviceId: string): string {
  return b64url(createHash("sha256").update(Buffer.from(deviceId, "base64")).digest());
}

/** The link code is derived from the code with a per-device salt, so one secret works both ways. */
function linkCodeOf(deviceId: string, salt: string, code: string): string {
  const key = Buffer.concat([Buffer.from(deviceId, "base64"), Buffer.from(salt, "base64")]);
  return b64url(createHmac("sha256", key).update(code).digest());
}

function codeHashOf(preAuthSessionId: string, code: string): string {
  return sha256Hex(`${preAuthSessionId}:${code}`);
}

function newCode() {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

interface Contact {
  email: string | null;
  phone: string | null;
}

async function findUserByContact(db: Db, contact: Contact) {
  if (contact.email) return findUserByEmail(db, contact.email);
  return findUserByPhone(db, contact.phone);
}

export const passwordlessRoutes: FastifyPluginAsync = async (server) => {
  const app = server.withTypeProvider<TypedRequests>();
  const { db, throttles } = server;

  async function sendCode(contact: Contact, preAuthSessionId: string, code: string, linkCode: string) {
    const link = `${server.settings.publicUrl}/signin/verify?preAuthSessionId=${encodeURIComponent(preAuthSessionId)}&tenantId=public#${linkCode}`;
    const text = `Your ColdChain sign-in code is ${code}.\n\nOr open this link to sign in:\n${link}\n\nThe code and the link are valid for 15 minutes. If you did not ask for them, ignore this message.\n`;
    // Without an SMS gateway, text messages go to the outbox addressed to the number (docs/operations.md).
    await server.mailer.send({
      to: contact.email ?? (contact.phone as string),
      subject: `ColdChain sign-in code ${code}`,
      text,
    });
  }

  /**
   * Code requests count per (account, address), so a stranger asking for codes does not
   * use up the owner's; the per-account ceiling only bounds mail to one person, and
   * spares the owner's known device.
   */
  async function countCodeRequest(request: FastifyRequest, account: string, userId: string | undefined) {
    const device = await knownDeviceOf(request, userId);
    const from = device ? `device:${device}` : addressKey(request.ip);
    await throttles.codes.hit(`code:${account}|${from}`, "code requests for this account");
    if (!device) await throttles.accountCodes.hit(`code:${account}`, "code requests for this account");
  }

  app.post(
    "/signinup/code",
    {
      schema: {
        tags: ["auth"],
        summary: "Send a sign-in code and magic link by e-mail or to a phone",
        body: codeRequestInput,
      },
    },
    async (request) => {
      const body = request.body;
      if ((body.email === undefined) === (body.phoneNumber === undefined)) {
        throw badRequest("Send either email or phoneNumber", [
          { id: "email", error: "Send either email or phoneNumber" },
        ]);
      }
      const contact: Contact = {
        email: body.email?.trim().toLowerCase() ?? null,
        // Stored numbers are E.164 (core/domain/phone.ts): "+49 69 5550 1001" finds +496955501001.
        phone: body.phoneNumber === undefined ? null : (toE164(body.phoneNumber) ?? body.phoneNumber),
      };
      const problem = contact.email !== null ? emailError(contact.email) : phoneNumberError(contact.phone as string);
      if (problem) return { status: "GENERAL_ERROR", message: problem };
      const account = contact.email ?? (contact.phone as string);
      const address = addressKey(request.ip);
      await throttles.perAddress.hit(`code:${address}`, "code requests from this address");
      // "No account for this address" is an exists look-up too; only those answers count,
      // so an office whose people all have accounts never meets this limit.
      await throttles.lookups.check(`code-miss:${address}`, "look-ups from this address");
      const user = await findUserByContact(db, contact);
      await countCodeRequest(request, account, user?.id);

      const inviteToken = inviteTokenOf(request);
      const invite = inviteToken ? await findValidInvite(db, inviteToken) : undefined;
      const invited = invite && contact.email && invite.email.toLowerCase() === contact.email;
      if (!invited && !user) {
        await throttles.lookups.add(`code-miss:${address}`);
        return {
          status: "SIGN_IN_UP_NOT_ALLOWED",
          reason: "There is no account for this address. Ask your company's administrator for an invitation.",
        };
      }
      const deviceId = randomBytes(32).toString("base64");
      const preAuthSessionId = preAuthSessionIdOf(deviceId);
      const salt = randomBytes(16).toString("base64");
      const code = newCode();
      const linkCode = linkCodeOf(deviceId, salt, code);
      await insertPasswordlessDevice(db, {
        deviceIdHash: preAuthSessionId,
        email: contact.email,
        phone: contact.phone,
        linkSalt: salt,
        codeHash: codeHashOf(preAuthSessionId, code),
        linkCodeHash: sha256Hex(linkCode),
        inviteTokenHash: invited && inviteToken ? sha256Hex(inviteToken) : null,
        expires: new Date(Date.now() + CODE_LIFETIME_MS),
      });
      await sendCode(contact, preAuthSessionId, code, linkCode);
      return { status: "OK", deviceId, preAuthSessionId, flowType: FLOW_TYPE };
    },
  );

  app.post(
    "/signinup/code/resend",
    {
      schema: {
        tags: ["auth"],
        summary: "Send a new code for the same sign-in attempt",
        body: codeResendInput,
      },
    },
    async (request) => {
      const { deviceId, preAuthSessionId } = request.body;
      if (preAuthSessionIdOf(deviceId) !== preAuthSessionId) return { status: "RESTART_FLOW_ERROR" };
      const device = await findPasswordlessDevice(db, preAuthSessionId);
      if (!device || device.expires.getTime() <= Date.now() - CODE_LIFETIME_MS) return { status: "RESTART_FLOW_ERROR" };
      const contact = { email: device.email, phone: device.phone };
      const user = await findUserByContact(db, contact);
      await countCodeRequest(request, (contact.email ?? contact.phone) as string, user?.id);
      const salt = randomBytes(16).toString("base64");
      const code = newCode();
      const linkCode = linkCodeOf(deviceId, salt, code);
      await updatePasswordlessDevice(db, preAuthSessionId, {
        linkSalt: salt,
        codeHash: codeHashOf(preAuthSessionId, code),
        linkCodeHash: sha256Hex(linkCode),
        codeCreated: new Date(),
        expires: new Date(Date.now() + CODE_LIFETIME_MS),
      });
      await sendCode({ email: device.email, phone: device.phone }, preAuthSessionId, code, linkCode);
      return { status: "OK" };
    },
  );

  app.post(
    "/signinup/code/consume",
    {
      schema: {
        tags: ["auth"],
        summary: "Sign in with the code (and its device) or with the magic link's code",
        body: codeConsumeInput,
      },
    },
    async (request, reply) => {
      const body = request.body;
      const byCode = body.userInputCode !== undefined && body.deviceId !== undefined;
      const byLink = body.linkCode !== undefined;
      if (byCode === byLink) {
        throw badRequest("Send either userInputCode with deviceId, or linkCode", [
          { id: "userInputCode", error: "Send either userInputCode with deviceId, or linkCode" },
        ]);
      }
      await throttles.perAddress.hit(`consume:${request.ip}`, "code attempts from this address");
      const outcome = await db.transaction().execute(async (trx) => {
        const device = await lockPasswordlessDevice(trx, body.preAuthSessionId);
        if (!device) return { status: "RESTART_FLOW_ERROR" } as const;
        if (byLink) {
          if (sha256Hex(body.linkCode as string) !== device.linkCodeHash || device.expires.getTime() <= Date.now()) {
            return { status: "RESTART_FLOW_ERROR" } as const;
          }
        } else {
          if (preAuthSessionIdOf(body.deviceId as string) !== device.deviceIdHash)
            return { status: "RESTART_FLOW_ERROR" } as const;
          const expired = device.expires.getTime() <= Date.now();
          const wrong = codeHashOf(device.deviceIdHash, (body.userInputCode as string).trim()) !== device.codeHash;
          if (expired || wrong) {
            const failed = device.failedAttempts + 1;
            if (failed >= MAX_CODE_ATTEMPTS) {
              await deletePasswordlessDevice(trx, device.deviceIdHash);
              return { status: "RESTART_FLOW_ERROR" } as const;
            }
            await updatePasswordlessDevice(trx, device.deviceIdHash, { failedAttempts: failed });
            return {
              status: expired ? "EXPIRED_USER_INPUT_CODE_ERROR" : "INCORRECT_USER_INPUT_CODE_ERROR",
              failedCodeInputAttemptCount: failed,
              maximumCodeInputAttempts: MAX_CODE_ATTEMPTS,
            } as const;
          }
        }
        // Success: every pending code of this address is spent.
        await deletePasswordlessDevicesOf(trx, device);
        const existing = await findUserByContact(trx, { email: device.email, phone: device.phone });
        if (existing) return { status: "OK", userId: existing.id, created: false } as const;
        // No account yet: only an invitation (checked again, it may have been used meanwhile) creates one.
        const invite = device.inviteTokenHash
          ? await lockUsableInviteByTokenHash(trx, device.inviteTokenHash)
          : undefined;
        if (!invite || !device.email) {
          return {
            status: "SIGN_IN_UP_NOT_ALLOWED",
            reason: "This invitation has expired, was revoked or was already used.",
          } as const;
        }
        if (!(await inviterMayStillInvite(trx, invite))) {
          const companyName = await companyNameOf(trx, invite.companyId);
          return { status: "SIGN_IN_UP_NOT_ALLOWED", reason: `${inviterGoneReason(companyName)}.` } as const;
        }
        const userId = await insertUser(trx, { email: device.email, featureFlags: "{}" });
        await insertMembership(trx, { userId, companyId: invite.companyId, types: invite.types });
        await markInviteAccepted(trx, invite.id);
        return { status: "OK", userId, created: true } as const;
      });
      if (outcome.status !== "OK") return outcome;
      return signedIn(request, reply, outcome.userId, { createdNewRecipeUser: outcome.created }, "passwordless");
    },
  );

  app.get(
    "/passwordless/email/exists",
    {
      schema: {
        tags: ["auth"],
        querystring: emailExistsQuery,
        response: { 200: existsAnswer },
      },
    },
    async (request) => {
      await throttles.lookups.hit(`exists:${addressKey(request.ip)}`, "look-ups from this address");
      const { email } = request.query;
      return afterFloor(server.settings.lookupFloorMs, async () => ({
        status: "OK",
        exists: Boolean(await findUserByEmail(db, email.trim())),
      }));
    },
  );

  app.get(
    "/passwordless/phonenumber/exists",
    {
      schema: {
        tags: ["auth"],
        querystring: phoneExistsQuery,
        response: { 200: existsAnswer },
      },
    },
    async (request) => {
      await throttles.lookups.hit(`exists:${addressKey(request.ip)}`, "look-ups from this address");
      const { phoneNumber } = request.query;
      return afterFloor(server.settings.lookupFloorMs, async () => ({
        status: "OK",
        exists: Boolean(await findUserByContact(db, { email: null, phone: toE164(phoneNumber) ?? phoneNumber.trim() })),
      }));
    },
  );
};
