import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { reportExportQuery } from "../../core/api/report-export";
import { sharedReportRecord, shareTokenParams } from "../../core/api/share-link";
import { addressKey, Throttle } from "../auth/throttle";
import { readCompany } from "../db/companies";
import { reportRule } from "../db/label-reports";
import { insertShareLinkOpen, shareLinkByTokenHash } from "../db/share-links";
import { HttpError, notFound } from "../errors";
import type { TypedRequests } from "../http/type-provider";
import { loadChartSeries, loadReportContent, withoutEmails, withVerification } from "../reports/export/report-content";
import { sendReportExport } from "../reports/export/send-report-export";
import { recordDocument } from "../reports/record-hash";
import { hashShareToken, isShareTokenShape, shareLinkState } from "../reports/share-links";
import { sendRecord } from "./label-report-record";
import { dataErrors } from "./schemas";

/**
 * The public pages of share links (docs/api.md, share links for partners); the links are
 * made and revoked by label-report-share-links.ts.
 *
 * These routes take no credentials: the token in the path is the only key. Each
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

const publicErrors = { 404: dataErrors[404], 410: dataErrors[404], 429: dataErrors[404] };

export const shareLinkRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<TypedRequests>();
  const { db } = plugin;
  const opens = new Throttle("share-opens", OPENS_PER_MINUTE, 60_000, plugin.counters);

  /** The link behind a token, counted against the caller's address first; 404 unknown, 410 expired or revoked. */
  async function openLink(request: FastifyRequest, token: string) {
    await opens.hit(`share:${addressKey(request.ip)}`, "opens of share links from this address");
    if (!isShareTokenShape(token)) throw unknownLink();
    const link = await shareLinkByTokenHash(db, hashShareToken(token));
    if (!link) throw unknownLink();
    if (shareLinkState(link) !== "active") throw gone();
    return link;
  }

  const recordOpen = (linkId: string, request: FastifyRequest, kind: "page" | "pdf" | "csv" | "record") =>
    insertShareLinkOpen(db, { linkId, address: request.ip, kind });

  app.get(
    "/share/:token",
    {
      config: { public: true },
      schema: {
        tags: ["share links"],
        summary: `A shared report as its public page shows it (no credentials; the token is the key): summary, frozen rule, excursions, disposition, content hash, a chart series and the company's temperature unit (the default for a viewer without their own). 410 when expired or revoked; at most ${OPENS_PER_MINUTE} requests a minute per address`,
        params: shareTokenParams,
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
        recordFields: content.recordFields.map(({ key, name, text }) => ({ key, name, text })),
        disposition: disposition
          ? {
              value: disposition.value,
              meaning: disposition.meaning,
              comment: disposition.comment,
              signedBy: { name: disposition.signedBy.name },
              signedAt: disposition.signedAt,
            }
          : null,
        deviations: content.deviations,
        contentHash: content.hash,
        contentSignature: await plugin.recordSigner.sign({
          reportId: report.id,
          labelId: report.labelId,
          contentHash: content.hash,
        }),
        readings: series,
        expiresAt: new Date(link.expiresAt).toISOString(),
        temperatureUnit: company?.temperatureUnit ?? "celsius",
      };
    },
  );

  app.get(
    "/share/:token/record",
    {
      config: { public: true },
      schema: {
        tags: ["share links"],
        summary:
          "The shared report's record document (no credentials; docs/record-format.md): its SHA-256 is the page's contentHash; 410 when expired or revoked",
        params: shareTokenParams,
        response: publicErrors,
      },
    },
    async (request, reply) => {
      const link = await openLink(request, request.params.token);
      const record = await recordDocument(db, link.reportId);
      if (!record) throw unknownLink();
      await recordOpen(link.id, request, "record");
      return sendRecord(reply, record);
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
        params: shareTokenParams,
        querystring: reportExportQuery,
        response: publicErrors,
      },
    },
    async (request, reply) => {
      const link = await openLink(request, request.params.token);
      const fileType = request.query.fileType === "csv" ? "csv" : "pdf";
      await recordOpen(link.id, request, fileType);
      return sendReportExport(request, reply, shareDownloadSlots(link.companyId), request.query, async () => {
        const content = await loadReportContent(db, [link.companyId], link.reportId);
        const verifiable = await withVerification(content, plugin.settings.publicUrl, plugin.recordSigner);
        return verifiable && withoutEmails(verifiable);
      });
    },
  );
};
