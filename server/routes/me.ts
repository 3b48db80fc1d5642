import { hash } from "@node-rs/argon2";
import type { FastifyPluginAsync } from "fastify";
import { Type } from "typebox";
import { notificationSettingRecord, notificationSettingsInput } from "../../core/api/notification-setting";
import { passwordChangeInput, profileChanges, profileRecord } from "../../core/api/profile";
import { passwordChangeAnswer } from "../../core/api/status-answer";
import { alertChannelsError, DEFAULT_ALERT_CHANNELS } from "../../core/domain/alert-channels";
import { passwordError } from "../../core/domain/credentials";
import { canonicalTimeZone, isKnownTimeZone } from "../../core/domain/datetime";
import { recordAudit } from "../audit";
import { proveIdentity } from "../auth/fresh-proof";
import { refuseWhileImpersonating } from "../auth/impersonation-refusals";
import { requireOwnSession } from "../auth/own-session";
import type { Principal } from "../auth/principal";
import { readCompany } from "../db/companies";
import { companyIdsOf } from "../db/memberships";
import { notificationSettingsOf, saveNotificationSetting } from "../db/notification-settings";
import { endSessionsOfUser, revokeRoleTokensOfUser } from "../db/sessions";
import { lockPersonalDetails, profileQuery, readUser, updateUser } from "../db/users";
import { badRequest, forbidden, notFound } from "../errors";
import type { TypedRequests } from "../http/type-provider";
import { dataErrors } from "./schemas";

/**
 * The caller's own account (settings > profile): personal details, the time zone of
 * their alert e-mails, password and alert settings per company (which alerts, by e-mail
 * and/or text message). Any signed-in
 * person may use them; an API key (no person) may not.
 */

function person(principal: Principal): string {
  if (principal.apiKeyId) throw forbidden("An API key has no personal settings");
  return principal.userId;
}

export const meRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<TypedRequests>();
  const { db } = plugin;
  const { smsEmailDomain } = plugin.settings;

  app.get(
    "/me",
    {
      schema: {
        tags: ["settings"],
        summary: "The caller's personal details",
        response: { 200: profileRecord, ...dataErrors },
      },
    },
    async (request) => {
      const row = await profileQuery(db, person(request.principal)).executeTakeFirst();
      if (!row) throw notFound("Account not found");
      // The token's company (the impersonated one while impersonating), never one named by the caller.
      const company = await readCompany(db, request.principal.companyId, ["temperatureUnit"]);
      return { ...row, companyTemperatureUnit: company?.temperatureUnit ?? "celsius" };
    },
  );

  app.patch(
    "/me",
    {
      schema: {
        tags: ["settings"],
        summary:
          "Change the caller's first name, last name or time zone (an IANA name, or null to forget it: alert e-mails then use each company's zone). A phone number here is a 400 on phone: it is a sign-in method, changed with POST /me/phone",
        body: profileChanges,
        response: { 200: profileRecord, ...dataErrors },
      },
    },
    async (request) => {
      const userId = person(request.principal);
      const body = request.body;
      // The name is printed on the person's signatures: only they change it, never support acting as them.
      if (body.firstName !== undefined || body.lastName !== undefined)
        await refuseWhileImpersonating(db, request.principal, {
          entity: "user",
          action: "rename-refused",
          entityId: userId,
          message: "A person's name cannot be changed while impersonating: it is printed on their signatures",
          attempted: { firstName: body.firstName, lastName: body.lastName },
        });
      const changes: { firstName?: string; lastName?: string; timeZone?: string | null } = {};
      const problems: { id: string; error: string }[] = [];
      if (body.firstName !== undefined) {
        changes.firstName = body.firstName.trim();
        if (!changes.firstName) problems.push({ id: "firstName", error: "Enter your first name" });
      }
      if (body.lastName !== undefined) changes.lastName = body.lastName.trim();
      if (body.timeZone === null) changes.timeZone = null;
      else if (body.timeZone !== undefined) {
        // Checked now, not when e-mailing: a zone Intl cannot format would break every later alert e-mail.
        if (isKnownTimeZone(body.timeZone)) changes.timeZone = canonicalTimeZone(body.timeZone);
        else problems.push({ id: "timeZone", error: "Unknown time zone: use an IANA name such as Europe/Berlin" });
      }
      // The phone is a sign-in method: a role token alone must not change it.
      if (body.phone !== undefined)
        problems.push({
          id: "phone",
          error:
            "The phone number is a sign-in method: change it with POST /api/me/phone (current password and a code sent to the new number)",
        });
      if (problems.length) throw badRequest("Please check the fields", problems);
      return db.transaction().execute(async (trx) => {
        const before = await lockPersonalDetails(trx, userId);
        if (!before) throw notFound("Account not found");
        await updateUser(trx, userId, changes);
        await recordAudit(trx, request.principal, {
          action: "update",
          entity: "user",
          entityId: userId,
          before,
          after: { ...before, ...changes },
        });
        return profileQuery(trx, userId).executeTakeFirstOrThrow();
      });
    },
  );

  app.post(
    "/me/password",
    {
      schema: {
        tags: ["settings"],
        summary:
          "Change the caller's password: the current one, the new one twice. Needs the sign-in session (its access token) besides the role token; refused while impersonating and to API keys. Ends every other session of the account; rate-limited like sign-in",
        body: passwordChangeInput,
        response: {
          200: passwordChangeAnswer,
          429: dataErrors[400],
          ...dataErrors,
        },
      },
    },
    async (request) => {
      const principal = request.principal;
      const session = await requireOwnSession(request);
      const userId = session.userId;
      const body = request.body;
      const problems: { id: string; error: string }[] = [];
      const weak = passwordError(body.newPassword);
      if (weak) problems.push({ id: "newPassword", error: weak });
      if (body.repeatPassword !== undefined && body.repeatPassword !== body.newPassword)
        problems.push({ id: "repeatPassword", error: "The passwords differ" });
      if (problems.length) throw badRequest("Please check the fields", problems);
      const user = await readUser(db, userId, ["id", "email", "passwordHash"]);
      if (!user) throw notFound("Account not found");
      // The same proof, and the same sign-in counters, as a phone change or a signature.
      await proveIdentity(
        request,
        user,
        { password: body.currentPassword },
        {
          codePurpose: "email-proof",
          codeField: "currentPassword",
          passwordField: "currentPassword",
          noPassword: "This account has no password yet",
        },
      );
      if (body.currentPassword === body.newPassword)
        throw badRequest("Choose a new password", [
          { id: "newPassword", error: "The new password must differ from the current one" },
        ]);
      const passwordHash = await hash(body.newPassword);
      const sessionsEnded = await db.transaction().execute(async (trx) => {
        const keep = session.sessionHandle;
        await updateUser(trx, userId, { passwordHash });
        // Every other session of the account ends (a stolen one included); this one stays signed in.
        const ended = await endSessionsOfUser(trx, userId, keep);
        // Their role tokens die with them (verifyRoleToken joins the session); revoked here too, for the record.
        await revokeRoleTokensOfUser(trx, userId, keep);
        await recordAudit(trx, principal, {
          action: "password-change",
          entity: "user",
          entityId: userId,
          before: null,
          after: { otherSessionsEnded: ended },
        });
        return ended;
      });
      return { status: "OK", sessionsEnded };
    },
  );

  app.get(
    "/me/notifications",
    {
      schema: {
        tags: ["settings"],
        summary: "Which alerts the caller gets, and by e-mail and/or text message, per company they belong to",
        response: { 200: Type.Array(notificationSettingRecord), ...dataErrors },
      },
    },
    async (request) => notificationSettingsOf(db, person(request.principal)),
  );

  app.put(
    "/me/notifications",
    {
      schema: {
        tags: ["settings"],
        summary:
          "Set the caller's alerts and their channels (e-mail, text message) for one or more of their companies. A text message needs a phone number on the profile and a server with SMS_EMAIL_DOMAIN (else a 400 on byTextMessage); at least one channel stays on",
        body: notificationSettingsInput,
        response: { 200: Type.Array(notificationSettingRecord), ...dataErrors },
      },
    },
    async (request) => {
      const userId = person(request.principal);
      const body = request.body;
      await db.transaction().execute(async (trx) => {
        const mine = new Set(await companyIdsOf(trx, userId));
        // A company the caller does not belong to is "not found", as any other company's record.
        if (body.some((s) => !mine.has(s.companyId))) throw notFound("Company not found");
        const current = new Map((await notificationSettingsOf(trx, userId)).map((s) => [s.companyId, s]));
        const phone = (await readUser(trx, userId, ["phone"]))?.phone ?? null;
        const context = { hasPhone: phone !== null, textMessagesAvailable: smsEmailDomain !== undefined };
        const problems: { id: string; error: string }[] = [];
        const settings = body.map((input, index) => {
          const before = current.get(input.companyId);
          // Channels left out are kept (callers from before they existed send none).
          const setting = {
            ...input,
            byEmail: input.byEmail ?? before?.byEmail ?? DEFAULT_ALERT_CHANNELS.byEmail,
            byTextMessage: input.byTextMessage ?? before?.byTextMessage ?? DEFAULT_ALERT_CHANNELS.byTextMessage,
          };
          const problem = alertChannelsError(setting, context);
          if (problem) problems.push({ id: `${index}.${problem.field}`, error: problem.error });
          return setting;
        });
        if (problems.length) throw badRequest(problems[0]?.error ?? "Please check the fields", problems);
        for (const setting of settings) await saveNotificationSetting(trx, userId, setting);
        await recordAudit(trx, request.principal, {
          action: "update",
          entity: "notificationSettings",
          entityId: userId,
          before: settings.map((s) => current.get(s.companyId) ?? null),
          after: settings,
        });
      });
      return notificationSettingsOf(db, userId);
    },
  );
};
