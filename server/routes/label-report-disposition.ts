import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { idParams } from "../../core/api/id-params";
import { dispositionInput, signingCodeInput } from "../../core/api/signed-disposition";
import { statusAnswer } from "../../core/api/status-answer";
import {
  canBeDisposed,
  DISPOSITION_LABELS,
  DISPOSITION_MEANINGS,
  dispositionCommentError,
} from "../../core/domain/disposition";
import { proveIdentity } from "../auth/fresh-proof";
import { requireOwnSession } from "../auth/own-session";
import { onlyThePersonSigns } from "../auth/person-signature";
import { mailSigningCode } from "../auth/signing-code";
import { readUser } from "../db/users";
import { badRequest, HttpError, notFound } from "../errors";
import type { TypedRequests } from "../http/type-provider";
import { currentDisposition, dispositionSchemas } from "../reports/dispositions";
import { requestedReport } from "../reports/requested-report";
import { NOT_ENDED, signReportDisposition } from "../reports/sign-disposition";
import { dataErrors } from "./schemas";

/**
 * Signing a QA disposition of a label report (docs/domain.md, QA
 * disposition). It is an electronic signature in the sense of 21 CFR Part 11 §11.50 and
 * §11.200: only the person themself signs (their own sign-in session, never an
 * impersonation token or an API key), with a fresh proof (the password, or a code
 * e-mailed to them), and the record keeps printed name, UTC time and meaning. A
 * signature is never changed: a newer one supersedes it.
 */

const conflict = (message: string) => new HttpError(409, message);

/** A signing code signs the report and the disposition it was asked for, nothing else. */
const signingCodeBinding = (reportId: string, disposition: string) => `${reportId}:${disposition}`;

/**
 * A disposition is signed by the person themself, refused before the input and the report are
 * looked at; requireOwnSession then also wants their own sign-in session, after the report is
 * found, so a foreign report is a plain 404.
 */
export const refuseOtherThanPerson = onlyThePersonSigns({
  what: "a disposition is",
  whileImpersonating: "A disposition cannot be signed",
});

/** The loaded report, if it may be given a disposition: it has ended. */
function signableReport(request: FastifyRequest) {
  const report = requestedReport(request);
  if (!canBeDisposed(report.status)) throw conflict(NOT_ENDED);
  return report;
}

export const labelReportDispositionRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<TypedRequests>();
  const { db, mailer, throttles, settings } = plugin;

  const signer = async (userId: string) => {
    const user = await readUser(db, userId, ["id", "email", "firstName", "lastName", "passwordHash"]);
    if (!user) throw notFound("Account not found");
    return user;
  };

  app.post(
    "/label-reports/:id/disposition",
    {
      config: { permission: ["approve", "labelReport"] },
      preValidation: refuseOtherThanPerson,
      schema: {
        tags: ["label reports"],
        summary:
          "Sign a QA disposition of an ended report (released, quarantined, rejected) with the password or an e-mailed code. Sign-in session required; refused while impersonating and to API keys; 409 when the report has not ended",
        params: idParams,
        body: dispositionInput,
        response: { 201: dispositionSchemas.signed, 409: dataErrors[400], 429: dataErrors[400], ...dataErrors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const body = request.body;
      const principal = request.principal;
      const signable = signableReport(request);
      // Checked before the proof, so a signer is not asked for a password twice.
      const commentError = dispositionCommentError(signable.dataIncomplete, body.comment);
      if (commentError) throw badRequest(commentError, [{ id: "comment", error: commentError }]);
      const { userId } = await requireOwnSession(request);
      const user = await signer(userId);
      await proveIdentity(request, user, body, {
        codePurpose: "signature-proof",
        codeField: "code",
        wrongPassword: "The password is wrong",
        codeBinding: signingCodeBinding(id, body.disposition),
      });
      const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
      const comment = (body.comment ?? "").trim();
      await db.transaction().execute((trx) =>
        signReportDisposition(trx, principal, {
          reportId: id,
          disposition: body.disposition,
          comment,
          signer: { id: user.id, name, email: user.email },
          publicUrl: settings.publicUrl,
          deviationId: body.deviationId,
        }),
      );
      return reply.code(201).send(await currentDisposition(db, id));
    },
  );

  app.post(
    "/label-reports/:id/disposition/email-code",
    {
      config: { permission: ["approve", "labelReport"] },
      preValidation: refuseOtherThanPerson,
      schema: {
        tags: ["label reports"],
        summary:
          "E-mail the caller a code to sign this disposition of this report (accounts without a password); the code signs nothing else. Sign-in session required",
        params: idParams,
        body: signingCodeInput,
        response: {
          200: statusAnswer,
          409: dataErrors[400],
          429: dataErrors[400],
          ...dataErrors,
        },
      },
    },
    async (request) => {
      const report = signableReport(request);
      const { userId } = await requireOwnSession(request);
      const user = await signer(userId);
      const { disposition } = request.body;
      await mailSigningCode({ db, mailer, throttles }, user, {
        binding: signingCodeBinding(report.id, disposition),
        subject: "to sign a report disposition",
        signs: `signs the disposition "${DISPOSITION_LABELS[disposition]}" (${DISPOSITION_MEANINGS[disposition]}) of label report ${report.labelId} in your name`,
      });
      return { status: "OK" };
    },
  );
};
