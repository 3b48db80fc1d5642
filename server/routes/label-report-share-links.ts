import type { FastifyPluginAsync } from "fastify";
import { Type } from "typebox";
import { idParams } from "../../core/api/id-params";
import {
  createdShareLinkRecord,
  SHARE_LINK_DAYS,
  shareLinkInput,
  shareLinkOpenRecord,
  shareLinkParams,
  shareLinkRecord,
} from "../../core/api/share-link";
import { auditActorLabel } from "../../core/domain/audit-actor";
import { recordAudit } from "../audit";
import type { Principal } from "../auth/principal";
import type { Db } from "../db/index";
import { insertShareLink, isLinkOfReport, lockLinkOfReport, revokeShareLink, shareLinkOpens } from "../db/share-links";
import { readUser } from "../db/users";
import { notFound } from "../errors";
import type { TypedRequests } from "../http/type-provider";
import { requestedReport } from "../reports/requested-report";
import { listShareLinks, newShareToken } from "../reports/share-links";
import { dataErrors } from "./schemas";

/**
 * Read-only links to one report for partners without an account
 * (docs/api.md, share links for partners): creating, listing and revoking them, under
 * /label-reports/:id (label-report-by-id.ts has loaded the report). Their public pages
 * are in share-links.ts.
 *
 * Who manages them: whoever may sign a disposition (`approve` on labelReport: the
 * administrators), since a link hands the whole report, with its signature, to
 * someone outside the company. `update` would let every user and handler publish
 * reports. API keys hold no `approve`, so they get 403. Support acting through an
 * impersonation token may (helping a customer share is support work); the audit trail
 * and the list then name "ColdChain support — <operator> (on behalf of …)".
 */

const unknownLink = () => notFound("Share link not found");

/** Printed name of whoever creates a link, as the customer sees it (support: "ColdChain support — <name>"). */
async function creatorName(db: Db, principal: Principal): Promise<string> {
  const user = await readUser(db, principal.userId, ["firstName", "lastName", "email"]);
  const operator = principal.impersonatorUserId
    ? await readUser(db, principal.impersonatorUserId, ["firstName", "lastName"])
    : null;
  return auditActorLabel(
    user ?? { firstName: null, lastName: null, email: null },
    principal.impersonatorUserId !== null,
    operator ? { ...operator, email: null } : null,
  );
}

export const labelReportShareLinkRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<TypedRequests>();
  const { db } = plugin;
  const { publicUrl } = plugin.settings;

  app.post(
    "/label-reports/:id/share-links",
    {
      config: { permission: ["approve", "labelReport"] },
      schema: {
        tags: ["share links"],
        summary: `Create a read-only link to the report for a partner without an account; it expires in ${SHARE_LINK_DAYS.min}–${SHARE_LINK_DAYS.max} days (default ${SHARE_LINK_DAYS.default}). The url is shown only in this answer`,
        params: idParams,
        body: shareLinkInput,
        response: {
          201: createdShareLinkRecord,
          ...dataErrors,
        },
      },
    },
    async (request, reply) => {
      const principal = request.principal;
      const report = requestedReport(request);
      const id = report.id;
      const days = request.body?.expiresInDays ?? SHARE_LINK_DAYS.default;
      const expiresAt = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
      const { token, tokenHash } = newShareToken();
      const name = await creatorName(db, principal);
      const linkId = await db.transaction().execute(async (trx) => {
        const linkId = await insertShareLink(trx, {
          reportId: id,
          companyId: report.companyId,
          tokenHash,
          createdBy: principal.userId,
          createdByName: name,
          impersonatorUserId: principal.impersonatorUserId,
          expiresAt,
        });
        await recordAudit(trx, principal, {
          action: "shareLinkCreate",
          entity: "labelReport",
          entityId: id,
          before: null,
          after: { shareLink: linkId, expiresAt: expiresAt.toISOString() },
        });
        return linkId;
      });
      return reply
        .code(201)
        .header("cache-control", "no-store")
        .send({ id: linkId, url: `${publicUrl}/share/${token}`, expiresAt: expiresAt.toISOString() });
    },
  );

  app.get(
    "/label-reports/:id/share-links",
    {
      config: { permission: ["approve", "labelReport"] },
      schema: {
        tags: ["share links"],
        summary: "The report's share links, newest first, with how often each was opened (never the token)",
        params: idParams,
        response: { 200: Type.Array(shareLinkRecord), ...dataErrors },
      },
    },
    async (request) => listShareLinks(db, requestedReport(request).id),
  );

  app.get(
    "/label-reports/:id/share-links/:linkId/opens",
    {
      config: { permission: ["approve", "labelReport"] },
      schema: {
        tags: ["share links"],
        summary: "Every open of a share link (time and address), newest first",
        params: shareLinkParams,
        response: { 200: Type.Array(shareLinkOpenRecord), ...dataErrors },
      },
    },
    async (request) => {
      const { id, linkId } = request.params;
      if (!(await isLinkOfReport(db, id, linkId))) throw unknownLink();
      const rows = await shareLinkOpens(db, linkId);
      return rows.map((r) => ({ openedAt: new Date(r.openedAt).toISOString(), address: r.address, kind: r.kind }));
    },
  );

  app.delete(
    "/label-reports/:id/share-links/:linkId",
    {
      config: { permission: ["approve", "labelReport"] },
      schema: {
        tags: ["share links"],
        summary: "Revoke a share link: its page then answers 410. Revoking a revoked link changes nothing",
        params: shareLinkParams,
        response: { 204: { type: "null" }, ...dataErrors },
      },
    },
    async (request, reply) => {
      const { id, linkId } = request.params;
      const principal = request.principal;
      await db.transaction().execute(async (trx) => {
        const link = await lockLinkOfReport(trx, id, linkId);
        if (!link) throw unknownLink();
        if (link.revokedAt !== null) return;
        const revokedAt = new Date();
        await revokeShareLink(trx, linkId, revokedAt, principal.userId);
        await recordAudit(trx, principal, {
          action: "shareLinkRevoke",
          entity: "labelReport",
          entityId: id,
          before: { shareLink: linkId, expiresAt: new Date(link.expiresAt).toISOString() },
          after: { shareLink: linkId, revokedAt: revokedAt.toISOString() },
        });
      });
      return reply.code(204).send();
    },
  );
};
