import type { FastifyPluginAsync } from "fastify";
import { idParams } from "../../core/api/id-params";
import { labelStopAnswer, labelStopInput, readingBatchAnswer, readingBatchInput } from "../../core/api/reading-batch";
import { MAX_READINGS_PER_REQUEST, parseReadings, READING_RANGES } from "../../core/domain/readings";
import { reportStatus } from "../db/label-reports";
import { badRequest } from "../errors";
import type { TypedRequests } from "../http/type-provider";
import { READINGS_BODY_LIMIT_BYTES } from "../ingest/ingest-limits";
import { ingestReadings } from "../ingest/ingest-readings";
import { stopLabel } from "../ingest/stop-label";
import { dataErrors } from "./schemas";

const ranges = Object.entries(READING_RANGES)
  .map(([channel, { min, max, unit }]) => `${channel} ${min}…${max} ${unit}`)
  .join(", ");

/** Readings from labels, sent by a gateway with an ingest-scoped API key. */
export const readingRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<TypedRequests>();
  const { db, settings } = plugin;

  app.post(
    "/readings",
    {
      config: { permission: ["create", "reading"] },
      bodyLimit: READINGS_BODY_LIMIT_BYTES,
      schema: {
        tags: ["readings"],
        summary: `Store a label's readings (ingest API key only). Up to ${MAX_READINGS_PER_REQUEST} readings; a (label, time) already stored is a duplicate and changes nothing; order does not matter. Physical ranges: ${ranges}. A bad reading is named by index (readings.3.time) and nothing of the batch is written`,
        body: readingBatchInput,
        response: {
          200: readingBatchAnswer,
          ...dataErrors,
        },
      },
    },
    async (request) => {
      const body = request.body;
      const { readings, problems } = parseReadings(body.readings, Date.now());
      if (problems.length) throw badRequest("Some readings are not valid; nothing was written", problems);
      return ingestReadings(db, request.principal, body.labelId, readings, settings);
    },
  );

  app.post(
    "/label-reports/:id/stop",
    {
      config: { permission: ["create", "reading"] },
      schema: {
        tags: ["readings"],
        summary:
          "Stop a label (ingest API key only): `ended` when it ran its course, `stopped` (the default) when stopped early. The end time is its last reading's",
        params: idParams,
        body: labelStopInput,
        response: {
          200: labelStopAnswer,
          409: dataErrors[400],
          ...dataErrors,
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const status = request.body?.status ?? "stopped";
      await stopLabel(db, request.principal, id, status, settings);
      return reportStatus(db, id);
    },
  );
};
