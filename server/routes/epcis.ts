import rateLimit from "@fastify/rate-limit";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { epcisCaptureJobRecord } from "../../core/api/epcis-capture-job";
import { idParams } from "../../core/api/id-params";
import { MAX_READINGS_PER_REQUEST } from "../../core/domain/readings";
import { failCaptureJob } from "../db/epcis-capture-jobs";
import { badRequest, notFound, TooManyRequests } from "../errors";
import type { TypedRequests } from "../http/type-provider";
import { MAX_EPCIS_EVENTS, MAX_IDENTIFIER_LENGTH, MAX_SENSOR_REPORTS } from "../ingest/epcis";
import { captureJobView, createCaptureJob, runCaptureJob } from "../ingest/epcis-capture";
import type { ParsedCapture } from "../ingest/epcis-parse";
import { EpcisParserPool } from "../ingest/epcis-parser-pool";
import { sharedRateLimitStore } from "../plugins/rate-limit-store";
import { ExportLimiter } from "../reports/export/export-limiter";
import { dataErrors } from "./schemas";

/** EPCIS JSON is verbose (about 300 bytes a sensor report): more room than the readings route's 4 MB. */
const EPCIS_BODY_LIMIT_BYTES = 8 * 1024 * 1024;

/** How long the capture request waits for its job: a small document is finished when the 202 is sent. */
const CAPTURE_INLINE_WAIT_MS = 2000;

/** Captures one key may send a minute: a gateway sends a document every few seconds at most. */
const CAPTURES_PER_KEY_PER_MINUTE = 30;

/**
 * Captures mapped and stored at once, per company and on this server, and how many wait:
 * a company's burst of large documents cannot take every slot, nor pile up unbounded.
 */
const CAPTURE_SLOTS = {
  perCompany: 2,
  global: 4,
  queuePerCompany: 2,
  queueGlobal: 16,
  retryAfterSeconds: 5,
};

const captureKey = (request: FastifyRequest) =>
  request.principal.apiKeyId ? `key:${request.principal.apiKeyId}` : `user:${request.principal.userId}`;

/** GS1 EPCIS 2.0 capture over the REST binding (docs/api.md: Readings from labels). */
export const epcisRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<TypedRequests>();
  const { db, settings } = plugin;
  // The body stays text here: it is parsed and checked on the EPCIS worker thread
  // (ingest/epcis-parse.ts). JSON-LD is JSON: the @context is not expanded (the types are
  // read by name, see ingest/epcis.ts).
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser(
    ["application/json", "application/ld+json"],
    { parseAs: "string", bodyLimit: EPCIS_BODY_LIMIT_BYTES },
    (_request, body, done) => done(null, body),
  );
  const parser = new EpcisParserPool();
  app.addHook("onClose", () => parser.close());

  // A key that captures all day is slowed down before it fills the slots below.
  await app.register(rateLimit, {
    // Counted in the database: every server process and instance shares the budget.
    store: sharedRateLimitStore(plugin.counters, "captures"),
    global: false,
    // After authentication (onRequest), so the key is the caller, not the address.
    hook: "preHandler",
    errorResponseBuilder: (_request, { after, max, ttl }) =>
      new TooManyRequests(
        `Too many captures with this key: at most ${max} a minute. Please try again in ${after}.`,
        Math.max(1, Math.ceil(ttl / 1000)),
      ),
  });
  const slots = new ExportLimiter(CAPTURE_SLOTS, "EPCIS captures");

  // Jobs still storing when the server stops are finished first, not cut off mid-write.
  const pending = new Set<Promise<void>>();
  app.addHook("onClose", async () => {
    await Promise.allSettled([...pending]);
  });

  app.post(
    "/epcis/capture",
    {
      config: {
        permission: ["create", "reading"],
        rateLimit: { max: CAPTURES_PER_KEY_PER_MINUTE, timeWindow: 60_000, keyGenerator: captureKey },
      },
      bodyLimit: EPCIS_BODY_LIMIT_BYTES,
      schema: {
        tags: ["readings"],
        summary: `Capture a GS1 EPCIS 2.0 document (JSON or JSON-LD; ingest API key only). Up to ${MAX_EPCIS_EVENTS} events, ${MAX_SENSOR_REPORTS} sensor reports and ${MAX_READINGS_PER_REQUEST} readings (label and time); identifiers of at most ${MAX_IDENTIFIER_LENGTH} characters; ${CAPTURES_PER_KEY_PER_MINUTE} captures a minute per key. Every event's sensorElementList becomes readings of the label its deviceID names (Temperature in CEL/FAH/KEL, RelativeHumidity in P1, Acceleration in MTS2/K40 as shock); other sensor types are ignored and listed in the job. 202 with the job's address in Location`,
        body: {
          // No `type`: the body arrives as text and is checked on the worker (ingest/epcis-parse.ts).
          description:
            "An EPCISDocument: { type: 'EPCISDocument', schemaVersion: '2.0', epcisBody: { eventList: [...] } }",
          // Described, not validated here: ingest/epcis.ts checks the shape and names each problem.
          // An example rather than `properties`, which Ajv's strict mode refuses without a type.
          examples: [{ type: "EPCISDocument", schemaVersion: "2.0", epcisBody: { eventList: [] } }],
        },
        response: {
          202: epcisCaptureJobRecord,
          ...dataErrors,
          429: {
            ...dataErrors[400],
            description:
              "Too many captures: the key's per-minute budget, or the company's captures already running and waiting; see Retry-After",
          },
        },
      },
    },
    async (request, reply) => {
      const principal = request.principal;
      // The slot is held until the job has stored everything (released below when it ends).
      const release = await slots.acquire(principal.companyId);
      let jobId: string;
      let parsed: Extract<ParsedCapture, { kind: "mapped" }>;
      try {
        const result = await parser.parse(typeof request.body === "string" ? request.body : "", Date.now());
        if (result.kind === "refused") throw badRequest(result.message, result.problems);
        parsed = result;
        if (parsed.mapping.tooManyReadings)
          throw badRequest("The document carries too many readings; nothing was captured", [
            {
              id: "epcisBody.eventList",
              error: `must carry at most ${MAX_READINGS_PER_REQUEST.toLocaleString("en-US")} readings (a label at a time); send them in several documents`,
            },
          ]);
        jobId = await createCaptureJob(db, principal, parsed.eventCount);
      } catch (error) {
        release();
        throw error;
      }
      const eventIds = new Map(parsed.eventIds);
      const eventIdOf = (i: number) => eventIds.get(i);
      const job = runCaptureJob(
        db,
        principal,
        jobId,
        parsed.mapping,
        eventIdOf,
        (error) => request.log.error({ err: error, jobId }, "EPCIS capture: a label could not be stored"),
        settings,
      ).catch(async (error) => {
        request.log.error({ err: error, jobId }, "EPCIS capture job failed");
        await failCaptureJob(db, jobId, [
          { eventIndex: 0, type: "ImplementationException", title: "The capture could not be completed" },
        ]).catch(() => undefined);
      });
      pending.add(job);
      void job.finally(() => {
        pending.delete(job);
        release();
      });

      let timer: NodeJS.Timeout | undefined;
      await Promise.race([job, new Promise<void>((resolve) => (timer = setTimeout(resolve, CAPTURE_INLINE_WAIT_MS)))]);
      clearTimeout(timer);

      const view = await captureJobView(db, principal.companyId, jobId);
      return reply.code(202).header("location", `/api/epcis/capture/${jobId}`).send(view);
    },
  );

  app.get(
    "/epcis/capture/:id",
    {
      config: { permission: ["create", "reading"] },
      schema: {
        tags: ["readings"],
        summary:
          "The outcome of an EPCIS capture (ingest API key of the same company): running, success, errors per event, ignored sensor reports",
        params: idParams,
        response: { 200: epcisCaptureJobRecord, ...dataErrors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const view = await captureJobView(db, request.principal.companyId, id);
      if (!view) throw notFound("No capture job with this id in your company");
      return view;
    },
  );
};
