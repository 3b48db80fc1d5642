import type { FastifyPluginAsync } from "fastify";
import {
  deviationChanges,
  deviationClosingInput,
  deviationDetail,
  deviationInput,
  deviationListItem,
} from "../../core/api/deviation";
import { idParams } from "../../core/api/id-params";
import { listQuerystring } from "../../core/api/list-query";
import { pagedResponse } from "../../core/api/paged-response";
import { statusAnswer } from "../../core/api/status-answer";
import { closingErrors, DEVIATION_CLOSING_MEANING } from "../../core/domain/deviations";
import { listResource } from "../../core/domain/resources";
import { shownAuditEntry } from "../audit-log/audit-actor";
import { proveIdentity } from "../auth/fresh-proof";
import { requireOwnSession } from "../auth/own-session";
import { onlyThePersonSigns } from "../auth/person-signature";
import { mailSigningCode } from "../auth/signing-code";
import { alarmListRows } from "../db/alarms";
import {
  deviationAlarmIds,
  deviationListColumns,
  deviationListRows,
  deviationTrail,
  findDeviation,
  findDeviationWithSignature,
} from "../db/deviations";
import type { Db } from "../db/index";
import { readUser } from "../db/users";
import { changeDeviation, closeDeviation, openDeviation } from "../deviations/deviations";
import { badRequest, HttpError, notFound } from "../errors";
import type { TypedRequests } from "../http/type-provider";
import { parseResourceQuery } from "../lists/parse";
import { runList } from "../lists/run-list";
import { dataErrors } from "./schemas";

const resource = listResource("deviations");

const deviationNotFound = () => notFound("Deviation not found");

/** The deviation as GET /deviations/{id} answers it; undefined for one the caller does not see. */
async function deviationDetailOf(db: Db, companyScope: readonly string[], id: string) {
  const row = await findDeviationWithSignature(db, companyScope, id);
  if (!row) return undefined;
  const { closedBy, closedByEmail, closingMeaning, closingComment, closingHash, ...deviation } = row;
  const [alarmIds, trail] = await Promise.all([deviationAlarmIds(db, id), deviationTrail(db, deviation.reportId, id)]);
  const alarms =
    alarmIds.length > 0
      ? await alarmListRows(db, companyScope).where("a.id", "in", alarmIds).orderBy("a.triggeredAt").execute()
      : [];
  const closing =
    deviation.closedAt && closingHash
      ? {
          signedBy: { id: closedBy, name: deviation.closedByName ?? "", email: closedByEmail ?? "" },
          signedAt: new Date(deviation.closedAt).toISOString(),
          meaning: closingMeaning ?? DEVIATION_CLOSING_MEANING,
          comment: closingComment ?? "",
          contentHash: closingHash,
        }
      : null;
  return { ...deviation, alarmIds, alarms, closing, history: trail.map(shownAuditEntry) };
}

/** Closing a deviation is signed by the person themself, like a disposition. */
const refuseOtherThanPerson = onlyThePersonSigns({
  what: "closing a deviation is",
  whileImpersonating: "A deviation cannot be closed",
});

/** A signing code closes this deviation and nothing else. */
const closingCodeBinding = (id: string) => `deviation:${id}`;

/**
 * Deviations (docs/api.md, Deviations): the investigation of alarms of a report. Reading
 * needs the right to read reports (a distributor's list spans its sub-companies); opening
 * and editing one the right to change reports (users, handlers, administrators, and API
 * keys that may write); closing one is a signature with the right to approve reports, by
 * the person themself with a fresh proof.
 */
export const deviationRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<TypedRequests>();
  const { db, mailer, throttles, settings } = plugin;

  const detail = async (companyScope: readonly string[], id: string) => {
    const deviation = await deviationDetailOf(db, companyScope, id);
    if (!deviation) throw deviationNotFound();
    return deviation;
  };

  /** The deviation of the caller's companies to act on; 404 for any other. */
  const existing = async (companyScope: readonly string[], id: string) => {
    const deviation = await findDeviation(db, companyScope, id);
    if (!deviation) throw deviationNotFound();
    return deviation;
  };

  app.get(
    "/deviations",
    {
      config: { permission: ["read", "labelReport"] },
      schema: {
        tags: ["deviations"],
        summary:
          "The deviations of the caller's companies (a distributor's span its sub-companies): filter by state, reportId, labelId, companyId, created; search the title; newest first by default",
        querystring: listQuerystring,
        response: { 200: pagedResponse(deviationListItem), 416: dataErrors[400], ...dataErrors },
      },
    },
    async (request) =>
      runList(db, (qb) => deviationListRows(qb, request.principal.companyScope), {
        resource,
        columns: deviationListColumns,
        query: parseResourceQuery(resource, request.query),
      }),
  );

  app.get(
    "/deviations/:id",
    {
      config: { permission: ["read", "labelReport"] },
      schema: {
        tags: ["deviations"],
        summary:
          "One deviation with its alarms, its closing signature and its history (the report trail's entries about it)",
        params: idParams,
        response: { 200: deviationDetail, ...dataErrors },
      },
    },
    async (request) => detail(request.principal.companyScope, request.params.id),
  );

  app.post(
    "/deviations",
    {
      config: { permission: ["update", "labelReport"] },
      schema: {
        tags: ["deviations"],
        summary:
          "Open a deviation on a report of the caller's companies, investigating some of its alarms (alarmIds); numbered per company and year (DEV-2026-0001); the report's trail records it",
        body: deviationInput,
        response: { 201: deviationDetail, ...dataErrors },
      },
    },
    async (request, reply) => {
      const id = await db.transaction().execute((trx) => openDeviation(trx, request.principal, request.body));
      return reply.code(201).send(await detail(request.principal.companyScope, id));
    },
  );

  app.patch(
    "/deviations/:id",
    {
      config: { permission: ["update", "labelReport"] },
      schema: {
        tags: ["deviations"],
        summary:
          "Change a deviation's texts or alarms, or move it under investigation; 409 once it is closed. The report's trail records each change (old → new)",
        params: idParams,
        body: deviationChanges,
        response: { 200: deviationDetail, 409: dataErrors[400], ...dataErrors },
      },
    },
    async (request) => {
      const { companyScope } = request.principal;
      const deviation = await existing(companyScope, request.params.id);
      await db.transaction().execute((trx) => changeDeviation(trx, request.principal, deviation.id, request.body));
      return detail(companyScope, deviation.id);
    },
  );

  app.post(
    "/deviations/:id/close",
    {
      config: { permission: ["approve", "labelReport"] },
      preValidation: refuseOtherThanPerson,
      schema: {
        tags: ["deviations"],
        summary:
          "Close a deviation with an electronic signature (the password or an e-mailed code), once its root cause and product impact are written (400 naming them); closes the alarms it covers and sends the deviation.closed webhook. Sign-in session required; refused while impersonating and to API keys; 409 when already closed",
        params: idParams,
        body: deviationClosingInput,
        response: { 200: deviationDetail, 409: dataErrors[400], 429: dataErrors[400], ...dataErrors },
      },
    },
    async (request) => {
      const { principal } = request;
      const deviation = await existing(principal.companyScope, request.params.id);
      // Checked before the proof, so a signer is not asked for a password twice.
      if (deviation.state === "closed") throw new HttpError(409, "The deviation is already closed");
      const errors = closingErrors(deviation);
      if (errors.length > 0) throw badRequest(errors.map((error) => error.error).join("; "), errors);
      const { userId } = await requireOwnSession(request);
      const user = await readUser(db, userId, ["id", "email", "firstName", "lastName", "passwordHash"]);
      if (!user) throw notFound("Account not found");
      await proveIdentity(request, user, request.body, {
        codePurpose: "signature-proof",
        codeField: "code",
        wrongPassword: "The password is wrong",
        codeBinding: closingCodeBinding(deviation.id),
      });
      const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
      await db.transaction().execute((trx) =>
        closeDeviation(trx, principal, deviation.id, {
          signer: { id: user.id, name, email: user.email },
          comment: (request.body.comment ?? "").trim(),
          publicUrl: settings.publicUrl,
        }),
      );
      return detail(principal.companyScope, deviation.id);
    },
  );

  app.post(
    "/deviations/:id/close/email-code",
    {
      config: { permission: ["approve", "labelReport"] },
      preValidation: refuseOtherThanPerson,
      schema: {
        tags: ["deviations"],
        summary:
          "E-mail the caller a code to close this deviation (accounts without a password); the code signs nothing else. Sign-in session required",
        params: idParams,
        response: { 200: statusAnswer, 409: dataErrors[400], 429: dataErrors[400], ...dataErrors },
      },
    },
    async (request) => {
      const deviation = await existing(request.principal.companyScope, request.params.id);
      if (deviation.state === "closed") throw new HttpError(409, "The deviation is already closed");
      const { userId } = await requireOwnSession(request);
      const user = await readUser(db, userId, ["id", "email"]);
      if (!user) throw notFound("Account not found");
      await mailSigningCode({ db, mailer, throttles }, user, {
        binding: closingCodeBinding(deviation.id),
        subject: `to close deviation ${deviation.number}`,
        signs: `closes deviation ${deviation.number} ("${deviation.title}") with your signature, meaning "${DEVIATION_CLOSING_MEANING}"`,
      });
      return { status: "OK" };
    },
  );
};
