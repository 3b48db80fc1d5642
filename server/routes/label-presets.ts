import type { FastifyPluginAsync } from "fastify";
import { sql } from "kysely";
import { listResource } from "../../src/domain/resources";
import type { AppContext } from "../app";
import type { Db } from "../db/index";
import { notFound } from "../errors";
import type { ColumnMap } from "../lists/compile";
import { parseResourceQuery } from "../lists/parse";
import { runList } from "../lists/run-list";
import { dataErrors, dateTime, listQuerystring, pagedResponse } from "./schemas";

const resource = listResource("label-presets");

const columns: ColumnMap = {
  id: sql.ref("p.id"),
  name: sql.ref("p.name"),
  slug: sql.ref("p.slug"),
  description: sql.ref("p.description"),
  isArchived: sql.ref("p.isArchived"),
  temperatureEnabled: sql.ref("p.temperatureEnabled"),
  humidityEnabled: sql.ref("p.humidityEnabled"),
  shockEnabled: sql.ref("p.shockEnabled"),
  created: sql.ref("p.created"),
  updated: sql.ref("p.updated"),
};

const nullableNumber = { type: ["number", "null"] } as const;

const preset = {
  type: "object",
  properties: {
    id: { type: "string" },
    companyId: { type: "string" },
    name: { type: "string" },
    slug: { type: "string" },
    description: { type: "string" },
    temperatureEnabled: { type: "boolean" },
    temperatureMin: nullableNumber,
    temperatureMax: nullableNumber,
    humidityEnabled: { type: "boolean" },
    humidityMin: nullableNumber,
    humidityMax: nullableNumber,
    shockEnabled: { type: "boolean" },
    shockThresholdG: nullableNumber,
    alarmDelayMinutes: { type: "integer" },
    alarmType: { type: "string", enum: ["single", "cumulative"] },
    intervalMinutes: { type: "integer" },
    startDelayMinutes: { type: "integer" },
    batteryWarningLevel: { type: "integer" },
    isArchived: { type: "boolean" },
    reportCount: { type: "integer" },
    created: dateTime,
    updated: dateTime,
  },
} as const;

function baseQuery(db: Db, companyId: string) {
  return db
    .selectFrom("labelPresets as p")
    .where("p.companyId", "=", companyId)
    .selectAll("p")
    .select((eb) =>
      eb
        .selectFrom("labelReports as r")
        .whereRef("r.presetId", "=", "p.id")
        .select(sql<number>`count(*)::int`.as("n"))
        .as("reportCount"),
    );
}

export const labelPresetRoutes: FastifyPluginAsync<{ context: AppContext }> = async (app, { context }) => {
  const { db } = context;

  app.get(
    "/label-presets",
    {
      config: { permission: ["read", "labelPreset"] },
      schema: {
        tags: ["label presets"],
        summary: "List the label presets of the caller's company",
        querystring: listQuerystring,
        response: { 200: pagedResponse(preset), 416: dataErrors[400], ...dataErrors },
      },
    },
    async (request) => {
      const query = parseResourceQuery(resource, request.query);
      return runList(baseQuery(db, request.principal.companyId), { resource, columns, query });
    },
  );

  app.get(
    "/label-presets/:idOrSlug",
    {
      config: { permission: ["read", "labelPreset"] },
      schema: {
        tags: ["label presets"],
        summary: "One label preset, by id or by its slug",
        params: {
          type: "object",
          required: ["idOrSlug"],
          properties: { idOrSlug: { type: "string", pattern: "^[a-z0-9-]{1,120}$" } },
        },
        response: { 200: preset, ...dataErrors },
      },
    },
    async (request) => {
      const { idOrSlug } = request.params as { idOrSlug: string };
      const isId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(idOrSlug);
      const row = await baseQuery(db, request.principal.companyId)
        .where(isId ? "p.id" : "p.slug", "=", idOrSlug)
        .executeTakeFirst();
      if (!row) throw notFound("Label preset not found");
      return row;
    },
  );
};
