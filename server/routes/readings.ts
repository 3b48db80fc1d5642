import type { FastifyPluginAsync } from "fastify";
import { Type } from "typebox";
import { MAX_READINGS_PER_REQUEST, parseReadings, READING_RANGES } from "../../core/domain/readings";
import { reportStatus } from "../db/label-reports";
import { badRequest } from "../errors";
import type { TypedRequests } from "../http/type-provider";
import { ingestReadings } from "../ingest/ingest-readings";
import { stopLabel } from "../ingest/stop-label";
import { dataErrors, idParams, NullableObject, nullableDateTime, StringEnum } from "./schemas";

/**
 * A full batch with every value and a time with an offset is about 110 bytes a reading:
 * 10,000 of them need more than the server's usual 1 MB.
 */
export const READINGS_BODY_LIMIT_BYTES = 4 * 1024 * 1024;

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
        body: Type.Object(
          {
            labelId: Type.String({ minLength: 1, maxLength: 64, pattern: "^[A-Za-z0-9_-]+$" }),
            readings: Type.Array(
              // Described here, checked in core/domain/readings.ts: every problem named at once, and no
              // value coerced ("5" is not a temperature).
              Type.Object({
                time: Type.Optional(
                  Type.Unknown({ description: "ISO-8601 with an offset, e.g. 2026-11-24T08:00:00Z (required)" }),
                ),
                temperature: Type.Optional(Type.Unknown({ description: "°C, −100 to 100" })),
                humidity: Type.Optional(Type.Unknown({ description: "%RH, 0 to 100" })),
                shock: Type.Optional(
                  Type.Unknown({
                    description: "peak acceleration in g, 0 to 1000; above 0 it is stored as a shock event",
                  }),
                ),
                battery: Type.Optional(Type.Unknown({ description: "%, 0 to 100" })),
              }),
              { minItems: 1, maxItems: MAX_READINGS_PER_REQUEST },
            ),
          },
          { additionalProperties: false },
        ),
        response: {
          200: {
            type: "object",
            properties: {
              reportId: { type: "string" },
              accepted: { type: "integer", description: "Readings stored by this request" },
              duplicates: {
                type: "integer",
                description: "Readings whose time was already stored (or repeated in the batch)",
              },
              reports: {
                type: "array",
                description:
                  "Each report that took readings of the batch: a reading goes to the report of the label id whose time it belongs to (a late upload may reach an earlier shipment's report)",
                items: {
                  type: "object",
                  properties: {
                    reportId: { type: "string" },
                    accepted: { type: "integer" },
                    duplicates: { type: "integer" },
                  },
                },
              },
            },
          },
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
        body: NullableObject(
          Type.Object({ status: Type.Optional(StringEnum(["stopped", "ended"])) }, { additionalProperties: false }),
        ),
        response: {
          200: {
            type: "object",
            properties: { id: { type: "string" }, status: { type: "string" }, endTime: nullableDateTime },
          },
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
