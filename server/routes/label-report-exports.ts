import rateLimit from "@fastify/rate-limit";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { type Static, Type } from "typebox";
import {
  DEFAULT_DOWNLOAD_OPTIONS,
  DOWNLOAD_OPTION_NAMES,
  DOWNLOAD_OPTION_VALUES,
  MEDIA_TYPES,
  parseDownloadOptions,
} from "../../core/domain/download-options";
import { badRequest, notFound, TooManyRequests } from "../errors";
import type { TypedRequests } from "../http/type-provider";
import { sharedRateLimitStore } from "../plugins/rate-limit-store";
import { csvStream } from "../reports/export/csv";
import { contentDisposition, downloadFileName } from "../reports/export/filename";
import { loadChartSeries, loadReportContent, type ReportContent } from "../reports/export/report-content";
import { dataErrors, idParams } from "./schemas";

/** Points of the PDF chart: about two per printed point of its width, min and max per bucket. */
const CHART_POINTS = 1000;

const optionValues = (name: keyof typeof DOWNLOAD_OPTION_VALUES) =>
  `${DOWNLOAD_OPTION_VALUES[name].join(" | ")} (default ${DEFAULT_DOWNLOAD_OPTIONS[name]})`;

// The options are plain strings here and checked by parseDownloadOptions (core/domain), so
// that every bad option is reported at once, with the same rules the download dialog uses.
export const exportQuerystring = Type.Object(
  {
    fileType: Type.Optional(Type.String({ maxLength: 20, description: optionValues("fileType") })),
    pageSize: Type.Optional(Type.String({ maxLength: 20, description: `${optionValues("pageSize")}; PDF only` })),
    timeZone: Type.Optional(
      Type.String({ maxLength: 64, description: "IANA time zone name (Europe/Berlin) or UTC (default UTC)" }),
    ),
    locale: Type.Optional(Type.String({ maxLength: 35, description: "BCP 47 locale of dates (default en-US)" })),
    temperatureUnit: Type.Optional(Type.String({ maxLength: 20, description: optionValues("temperatureUnit") })),
    includeDataTable: Type.Optional(
      Type.String({
        maxLength: 20,
        description: `${optionValues("includeDataTable")}; PDF only: minimal = readings inside excursions`,
      }),
    ),
  },
  { additionalProperties: false },
);

type ExportQuery = Static<typeof exportQuerystring>;

/** Whose download budget a request spends: the API key, else the person (in any company). */
const budgetKey = (request: FastifyRequest) =>
  request.principal.apiKeyId ? `key:${request.principal.apiKeyId}` : `user:${request.principal.userId}`;

/**
 * Sends a report as PDF or CSV: checks the options, waits for a download slot of
 * `slots` (the company's id for its own people and keys; share links' anonymous
 * downloads have a line of their own, see share-links.ts), loads the content (null:
 * 404) and streams the file with its content hash. Shared by the signed-in download
 * and a share link's (server/routes/share-links.ts).
 */
export async function sendReportExport(
  request: FastifyRequest,
  reply: FastifyReply,
  slots: string,
  query: ExportQuery,
  load: () => Promise<ReportContent | null>,
): Promise<FastifyReply> {
  const { db } = request.server;
  const { limiter, pdf } = request.server.exports;
  const parsed = parseDownloadOptions(query);
  if (!parsed.ok) {
    throw badRequest(
      parsed.errors.map((e) => `${e.id} ${e.error}`).join("; "),
      // In the order of the query parameters, one entry per bad option.
      DOWNLOAD_OPTION_NAMES.flatMap((name) => parsed.errors.filter((e) => e.id === name)),
    );
  }
  const options = parsed.options;
  const release = await limiter.acquire(slots);
  let streaming = false;
  try {
    // The caller may have given up while it waited in line.
    if (request.raw.destroyed) return reply;
    const content = await load();
    if (!content) throw notFound("Label report not found");

    reply
      .header("content-type", MEDIA_TYPES[options.fileType])
      .header(
        "content-disposition",
        contentDisposition(
          downloadFileName(content.report.labelId, content.generatedAt, options.timeZone, options.fileType),
        ),
      )
      .header("x-content-sha256", content.hash)
      .header("cache-control", "private, no-store");
    if (options.fileType === "csv") {
      // The slot is held until the last row is sent (or the client goes away).
      const stream = csvStream(content, options);
      stream.once("close", release);
      reply.raw.once("close", release);
      streaming = true;
      return reply.send(stream);
    }
    // A turn of the event loop for other requests between the loading and the chart query.
    await new Promise<void>((resolve) => setImmediate(resolve));
    const series = await loadChartSeries(db, content, CHART_POINTS);
    return reply.send(await pdf.render(content, series, options));
  } finally {
    if (!streaming) release();
  }
}

export const labelReportExportRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<TypedRequests>();
  const { db } = plugin;
  const { perKeyPerMinute } = plugin.exports;

  // A key that downloads all day is slowed down before it fills the queue below.
  await app.register(rateLimit, {
    // Counted in the database: every server process and instance shares the budget.
    store: sharedRateLimitStore(plugin.counters, "downloads"),
    global: false,
    // After authentication (onRequest), so the key is the caller, not the address.
    hook: "preHandler",
    errorResponseBuilder: (_request, { after, max, ttl }) => {
      const seconds = Math.max(1, Math.ceil(ttl / 1000));
      return new TooManyRequests(
        `Too many downloads with this key: at most ${max} a minute. Please try again in ${after}.`,
        seconds,
      );
    },
  });

  app.get(
    "/label-reports/:id/export",
    {
      config: {
        permission: ["read", "labelReport"],
        rateLimit: { max: perKeyPerMinute, timeWindow: 60_000, keyGenerator: budgetKey },
      },
      schema: {
        tags: ["label reports"],
        summary:
          "Download a report as PDF or CSV; X-Content-SHA256 is the content hash printed in the file (docs/api.md: Downloaded reports)",
        params: idParams,
        querystring: exportQuerystring,
        response: {
          200: {
            description: "The file (application/pdf or text/csv), as an attachment",
            type: "string",
            format: "binary",
          },
          ...dataErrors,
          429: {
            ...dataErrors[400],
            description:
              "Too many downloads: the key's per-minute budget, or the company's downloads already running and waiting; see Retry-After",
          },
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      return sendReportExport(request, reply, request.principal.companyId, request.query, () =>
        loadReportContent(db, request.principal.companyScope, id),
      );
    },
  );
};
