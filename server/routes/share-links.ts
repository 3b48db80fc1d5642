import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { Type } from "typebox";
import {
  createdShareLinkRecord,
  SHARE_LINK_DAYS,
  sharedReportRecord,
  shareLinkInput,
  shareLinkOpenRecord,
  shareLinkRecord,
} from "../../core/api/share-link";
import { auditActorLabel } from "../../core/domain/audit-actor";
import { recordAudit } from "../audit";
import type { Principal } from "../auth/principal";
import { addressKey, Throttle } from "../auth/throttle";
import { readCompany } from "../db/companies";
import type { Db } from "../db/index";
import { readReportInScope, reportRule } from "../db/label-reports";
import {
  insertShareLink,
  insertShareLinkOpen,
  isLinkOfReport,
  lockLinkOfReport,
  revokeShareLink,
  shareLinkByTokenHash,
  shareLinkOpens,
} from "../db/share-links";
import { readUser } from "../db/users";
import { HttpError, notFound } from "../errors";
import type { TypedRequests } from "../http/type-provider";
import { loadChartSeries, loadReportContent, withoutEmails } from "../reports/export/report-content";
import {
  hashShareToken,
  isShareTokenShape,
  listShareLinks,
  newShareToken,
  shareLinkState,
} from "../reports/share-links";
import { exportQuerystring, sendReportExport } from "./label-report-exports";
import { dataErrors, idParams } from "./schemas";

/**
 * Read-only links to one report for partners without an account
 * (docs/api.md, share links for partners).
 *
 * Who manages them: whoever may sign a disposition (`approve` on labelReport: the
 * administrators), since a link hands the whole report, with its signature, to
 * someone outside the company. `update` would let every user and handler publish
 * reports. API keys hold no `approve`, so they get 403. Support acting through an
 * impersonation token may (helping a customer share is support work); the audit trail
 * and the list then name "ColdChain support (on behalf of …)".
 *
 * The public routes take no credentials: the token in the path is the only key. Each
 * request counts against a per-address limit before the token is even looked at, so
 * guessing is bounded on top of the 256-bit token; every open is recorded.
 */

const OPENS_PER_MINUTE = 60;
const EXPIRED_MESSAGE = "This link has expired or was revoked";
const SHARE_CHART_POINTS = 1000;

/**
 * Anonymous downloads through a company's share links wait in a line of their own
 * (the export limiter counts per key): a storm of them, from a leaked link, never
 * takes the slots the company's own people and keys download in.
 */
const shareDownloadSlots = (companyId: string) => `share-links:${companyId}`;

const gone = () => new HttpError(410, EXPIRED_MESSAGE);
const unknownLink = () => notFound("Share link not found");

const linkParams = Type.Object(
  { id: Type.String({ format: "uuid" }), linkId: Type.String({ format: "uuid" }) },
  { additionalProperties: false },
);

// The token's shape is checked in the handler (not here), so that a malformed one is the
// same 404 as an unknown one and counts against the address limit all the same.
const tokenParams = Type.Object({ token: Type.String({ maxLength: 200 }) }, { additionalProperties: false });

const publicErrors = { 404: dataErrors[404], 410: dataErrors[404], 429: dataErrors[404] };

/** Printed name of whoever creates a link, as the customer sees it (support stays "ColdChain support"). */
async function creatorName(db: Db, principal: Principal): Promise<string> {
  const user = await readUser(db, principal.userId, ["firstName", "lastName", "email"]);
  return auditActorLabel(
    user ?? { firstName: null, lastName: null, email: null },
    principal.impersonatorUserId !== null,
  );
}

export const shareLinkRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<TypedRequests>();
  const { db } = plugin;
  const { publicUrl } = plugin.settings;
  const opens = new Throttle("share-opens", OPENS_PER_MINUTE, 60_000, plugin.counters);

  async function reportInScope(principal: Principal, id: string) {
    const report = await readReportInScope(db, principal.companyScope, id, ["id", "companyId"]);
    if (!report) throw notFound("Label report not found");
    return report;
  }

  /** The link behind a token, counted against the caller's address first; 404 unknown, 410 expired or revoked. */
  async function openLink(request: FastifyRequest, token: string) {
    await opens.hit(`share:${addressKey(request.ip)}`, "opens of share links from this address");
    if (!isShareTokenShape(token)) throw unknownLink();
    const link = await shareLinkByTokenHash(db, hashShareToken(token));
    if (!link) throw unknownLink();
    if (shareLinkState(link) !== "active") throw gone();
    return link;
  }

  const recordOpen = (linkId: string, request: FastifyRequest, kind: "page" | "pdf" | "csv") =>
    insertShareLinkOpen(db, { linkId, address: request.ip, kind });

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
      const { id } = request.params;
      const principal = request.principal;
      const report = await reportInScope(principal, id);
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
        response: { 200: { type: "array", items: shareLinkRecord }, ...dataErrors },
      },
    },
    async (request) => {
      const { id } = request.params;
      await reportInScope(request.principal, id);
      return listShareLinks(db, id);
    },
  );

  app.get(
    "/label-reports/:id/share-links/:linkId/opens",
    {
      config: { permission: ["approve", "labelReport"] },
      schema: {
        tags: ["share links"],
        summary: "Every open of a share link (time and address), newest first",
        params: linkParams,
        response: { 200: { type: "array", items: shareLinkOpenRecord }, ...dataErrors },
      },
    },
    async (request) => {
      const { id, linkId } = request.params;
      await reportInScope(request.principal, id);
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
        params: linkParams,
        response: { 204: { type: "null" }, ...dataErrors },
      },
    },
    async (request, reply) => {
      const { id, linkId } = request.params;
      const principal = request.principal;
      await reportInScope(principal, id);
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

  app.get(
    "/share/:token",
    {
      config: { public: true },
      schema: {
        tags: ["share links"],
        summary: `A shared report as its public page shows it (no credentials; the token is the key): summary, frozen rule, excursions, disposition, content hash, a chart series and the company's temperature unit (the default for a viewer without their own). 410 when expired or revoked; at most ${OPENS_PER_MINUTE} requests a minute per address`,
        params: tokenParams,
        response: { 200: sharedReportRecord, ...publicErrors },
      },
    },
    async (request, reply) => {
      const link = await openLink(request, request.params.token);
      const content = await loadReportContent(db, [link.companyId], link.reportId);
      if (!content) throw unknownLink();
      const rule = await reportRule(db, link.reportId);
      const series = await loadChartSeries(db, content, SHARE_CHART_POINTS);
      // The company's display unit, so a viewer who never chose one reads what the company reads.
      const company = await readCompany(db, link.companyId, ["temperatureUnit"]);
      await recordOpen(link.id, request, "page");
      const { report, disposition } = content;
      reply.header("cache-control", "no-store").header("referrer-policy", "no-referrer");
      return {
        labelId: report.labelId,
        reference: report.reference,
        status: report.status,
        startTime: report.startTime?.toISOString() ?? null,
        endTime: report.endTime?.toISOString() ?? null,
        rule,
        trim: content.trim
          ? { start: content.trim.start?.toISOString() ?? null, end: content.trim.end?.toISOString() ?? null }
          : null,
        summary: content.summary,
        excursions: content.excursions,
        disposition: disposition
          ? {
              value: disposition.value,
              meaning: disposition.meaning,
              comment: disposition.comment,
              signedBy: { name: disposition.signedBy.name },
              signedAt: disposition.signedAt,
            }
          : null,
        contentHash: content.hash,
        readings: series,
        expiresAt: new Date(link.expiresAt).toISOString(),
        temperatureUnit: company?.temperatureUnit ?? "celsius",
      };
    },
  );

  app.get(
    "/share/:token/export",
    {
      config: { public: true },
      schema: {
        tags: ["share links"],
        summary:
          "Download the shared report as PDF or CSV (the same file and X-Content-SHA256 as a signed-in download); 410 when expired or revoked",
        params: tokenParams,
        querystring: exportQuerystring,
        response: publicErrors,
      },
    },
    async (request, reply) => {
      const link = await openLink(request, request.params.token);
      const fileType = request.query.fileType === "csv" ? "csv" : "pdf";
      await recordOpen(link.id, request, fileType);
      return sendReportExport(request, reply, shareDownloadSlots(link.companyId), request.query, async () => {
        const content = await loadReportContent(db, [link.companyId], link.reportId);
        return content && withoutEmails(content);
      });
    },
  );
};
