import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { idParams } from "../../core/api/id-params";
import type { TypedRequests } from "../http/type-provider";
import { recordDocument } from "../reports/record-hash";
import { reportNotFound, requestedReport } from "../reports/requested-report";
import { dataErrors } from "./schemas";

/**
 * A report's record document (docs/record-format.md): everything its content hash covers,
 * as canonical JSON, byte for byte what is hashed, so `sha256sum record.json` gives the
 * report's contentHash. Under /label-reports/:id (same rights as the detail).
 */

/** Sends a record document as a file whose SHA-256 is its X-Content-SHA256. */
export function sendRecord(reply: FastifyReply, record: { text: string; contentHash: string; labelId: string }) {
  const name = `label-report-${record.labelId.replace(/[^A-Za-z0-9._-]/g, "_")}-record.json`;
  return reply
    .header("content-type", "application/json; charset=utf-8")
    .header("content-disposition", `attachment; filename="${name}"`)
    .header("x-content-sha256", record.contentHash)
    .header("cache-control", "no-store")
    .send(record.text);
}

export const labelReportRecordRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<TypedRequests>();
  const { db } = plugin;

  app.get(
    "/label-reports/:id/record",
    {
      config: { permission: ["read", "labelReport"] },
      schema: {
        tags: ["label reports"],
        summary:
          "The report's record document: canonical JSON of everything the content hash covers (docs/record-format.md); its SHA-256 is the report's contentHash and X-Content-SHA256",
        params: idParams,
        response: dataErrors,
      },
    },
    async (request, reply) => {
      const record = await recordDocument(db, requestedReport(request).id);
      if (!record) throw reportNotFound();
      return sendRecord(reply, record);
    },
  );
};
