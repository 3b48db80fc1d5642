import type { FastifyPluginAsync } from "fastify";
import { idParams } from "../../core/api/id-params";
import { shipmentDispositionAnswer } from "../../core/api/shipment";
import { dispositionInput, signingCodeInput } from "../../core/api/signed-disposition";
import { statusAnswer } from "../../core/api/status-answer";
import {
  canBeDisposed,
  DISPOSITION_LABELS,
  DISPOSITION_MEANINGS,
  dispositionCommentError,
  type SignedDisposition,
} from "../../core/domain/disposition";
import { proveIdentity } from "../auth/fresh-proof";
import { requireOwnSession } from "../auth/own-session";
import { mailSigningCode } from "../auth/signing-code";
import { findShipment } from "../db/shipments";
import { readUser } from "../db/users";
import { badRequest, HttpError, notFound } from "../errors";
import type { TypedRequests } from "../http/type-provider";
import { currentDisposition } from "../reports/dispositions";
import { NOT_ENDED, signReportDisposition } from "../reports/sign-disposition";
import { refuseOtherThanPerson } from "./label-report-disposition";
import { dataErrors } from "./schemas";

/** A signing code signs the shipment and the disposition it was asked for, nothing else. */
const shipmentCodeBinding = (shipmentId: string, disposition: string) => `shipment:${shipmentId}:${disposition}`;

/** A report's refusal, naming its label: the shipment's signature is all or nothing. */
function namingLabel(labelId: string, error: unknown): unknown {
  if (!(error instanceof HttpError)) return error;
  return new HttpError(error.statusCode, `Label ${labelId}: ${error.message}`, error.formFields);
}

/**
 * A disposition of a shipment as a whole (docs/api.md, Shipments): one e-signature, with
 * the same proof as a report's (the person's own session, their password or an e-mailed
 * code), that signs each
 * of the shipment's reports' current record hash with signReportDisposition, in one
 * transaction: each report gets its own signature and trail entry, and if any refuses,
 * nothing is written and the answer names its label.
 */
export const shipmentDispositionRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<TypedRequests>();
  const { db, settings, mailer, throttles } = plugin;

  app.post(
    "/shipments/:id/disposition",
    {
      config: { permission: ["approve", "labelReport"] },
      preValidation: refuseOtherThanPerson,
      schema: {
        tags: ["shipments"],
        summary:
          "Sign one QA disposition (released, quarantined, rejected) for every label report of the shipment with the password or an e-mailed code: each report's own record hash is signed and each gets its own disposition and trail entry, all or nothing. Sign-in session required; refused while impersonating and to API keys; 409 naming the label when one has not ended, 400 naming it when its incomplete data needs a comment",
        params: idParams,
        body: dispositionInput,
        response: { 201: shipmentDispositionAnswer, 409: dataErrors[400], 429: dataErrors[400], ...dataErrors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const body = request.body;
      const principal = request.principal;
      const shipment = await findShipment(db, principal.companyScope, id);
      if (!shipment) throw notFound("Shipment not found");
      const reports = await db
        .selectFrom("labelReports")
        .select(["id", "labelId", "status", "dataIncomplete"])
        .where("shipmentId", "=", id)
        .orderBy("labelId")
        .execute();
      if (reports.length === 0) throw new HttpError(409, "The shipment has no label reports to sign");
      const comment = (body.comment ?? "").trim();
      // Checked before the proof, so a signer is not asked for a password twice.
      for (const report of reports) {
        if (!canBeDisposed(report.status)) throw new HttpError(409, `Label ${report.labelId}: ${NOT_ENDED}`);
        const error = dispositionCommentError(report.dataIncomplete, comment);
        if (error) throw badRequest(`Label ${report.labelId}: ${error}`, [{ id: "comment", error }]);
      }
      // A deviation is of one report: it is named for that report's signature only.
      const deviationReport = body.deviationId
        ? await db.selectFrom("deviations").select("reportId").where("id", "=", body.deviationId).executeTakeFirst()
        : undefined;
      if (body.deviationId && !reports.some((report) => report.id === deviationReport?.reportId)) {
        const error = "Not a deviation of the shipment's label reports";
        throw badRequest(error, [{ id: "deviationId", error }]);
      }
      const { userId } = await requireOwnSession(request);
      const user = await readUser(db, userId, ["id", "email", "firstName", "lastName", "passwordHash"]);
      if (!user) throw notFound("Account not found");
      await proveIdentity(request, user, body, {
        codePurpose: "signature-proof",
        codeField: "code",
        wrongPassword: "The password is wrong",
        codeBinding: shipmentCodeBinding(id, body.disposition),
      });
      const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
      await db.transaction().execute(async (trx) => {
        // The labels checked above are the ones signed: a label attached or detached meanwhile
        // would get (or miss) a signature its signer never saw.
        const now = await trx
          .selectFrom("labelReports")
          .select("id")
          .where("shipmentId", "=", id)
          .orderBy("labelId")
          .forUpdate()
          .execute();
        if (now.map((report) => report.id).join() !== reports.map((report) => report.id).join())
          throw new HttpError(409, "The shipment's labels changed while you were signing: open it again and sign");
        for (const report of reports) {
          try {
            await signReportDisposition(trx, principal, {
              reportId: report.id,
              disposition: body.disposition,
              comment,
              signer: { id: user.id, name, email: user.email },
              publicUrl: settings.publicUrl,
              deviationId: report.id === deviationReport?.reportId ? body.deviationId : undefined,
            });
          } catch (error) {
            throw namingLabel(report.labelId, error);
          }
        }
      });
      const signed = await Promise.all(
        reports.map(async (report) => ({
          reportId: report.id,
          labelId: report.labelId,
          disposition: (await currentDisposition(db, report.id)) as SignedDisposition,
        })),
      );
      return reply.code(201).send({ shipmentId: id, reports: signed });
    },
  );

  app.post(
    "/shipments/:id/disposition/email-code",
    {
      config: { permission: ["approve", "labelReport"] },
      preValidation: refuseOtherThanPerson,
      schema: {
        tags: ["shipments"],
        summary:
          "E-mail the caller a code to sign this disposition of this shipment's label reports (accounts without a password); the code signs nothing else. Sign-in session required",
        params: idParams,
        body: signingCodeInput,
        response: { 200: statusAnswer, 409: dataErrors[400], 429: dataErrors[400], ...dataErrors },
      },
    },
    async (request) => {
      const shipment = await findShipment(db, request.principal.companyScope, request.params.id);
      if (!shipment) throw notFound("Shipment not found");
      const { userId } = await requireOwnSession(request);
      const user = await readUser(db, userId, ["id", "email"]);
      if (!user) throw notFound("Account not found");
      const { disposition } = request.body;
      await mailSigningCode({ db, mailer, throttles }, user, {
        binding: shipmentCodeBinding(shipment.id, disposition),
        subject: "to sign a shipment disposition",
        signs: `signs the disposition "${DISPOSITION_LABELS[disposition]}" (${DISPOSITION_MEANINGS[disposition]}) of each label report of shipment ${shipment.reference} in your name`,
      });
      return { status: "OK" };
    },
  );
};
