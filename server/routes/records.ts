import type { FastifyPluginAsync } from "fastify";
import { issuedRecord, issuedRecordParams } from "../../core/api/issued-record";
import { addressKey, Throttle } from "../auth/throttle";
import { notFound } from "../errors";
import type { TypedRequests } from "../http/type-provider";
import { currentContentHash } from "../reports/record-hash";
import { dataErrors } from "./schemas";

const LOOKUPS_PER_MINUTE = 60;

/**
 * Whether the server issued a record with a content hash (the public /verify page and
 * `npm run verify` ask). No credentials: whoever holds a record knows its hash, and a hash
 * cannot be guessed; the answer names the report's label and ids and nothing else.
 */
export const recordRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<TypedRequests>();
  const { db, recordSigner } = plugin;
  const lookups = new Throttle("record-lookups", LOOKUPS_PER_MINUTE, 60_000, plugin.counters);

  app.get(
    "/records/:contentHash",
    {
      config: { public: true },
      schema: {
        tags: ["records"],
        summary: `Whether this server issued a record with this content hash, with its signature of it (no credentials; at most ${LOOKUPS_PER_MINUTE} a minute per address). 404: never issued here`,
        params: issuedRecordParams,
        response: { 200: issuedRecord, 404: dataErrors[404], 429: dataErrors[404], 400: dataErrors[400] },
      },
    },
    async (request, reply) => {
      await lookups.hit(`records:${addressKey(request.ip)}`, "record lookups from this address");
      const { contentHash } = request.params;
      const issued = await db
        .selectFrom("issuedRecords")
        .select(["contentHash", "reportId", "labelId", "issuedAt"])
        .where("contentHash", "=", contentHash)
        .executeTakeFirst();
      if (!issued) throw notFound("This server never issued a record with this content hash");
      const now = await currentContentHash(db, issued.reportId);
      reply.header("cache-control", "no-store");
      return {
        contentHash,
        reportId: issued.reportId,
        labelId: issued.labelId,
        issuedAt: new Date(issued.issuedAt).toISOString(),
        current: now === contentHash,
        contentSignature: await recordSigner.sign({ reportId: issued.reportId, labelId: issued.labelId, contentHash }),
      };
    },
  );
};
