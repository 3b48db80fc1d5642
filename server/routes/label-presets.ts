import type { FastifyPluginAsync } from "fastify";
import { Type } from "typebox";
import type { FieldError } from "../../core/api/error-answer";
import {
  labelPresetChanges,
  labelPresetInput,
  labelPresetParams,
  labelPresetRecord,
  labelPresetVersionRecord,
} from "../../core/api/label-preset";
import { listQuerystring } from "../../core/api/list-query";
import { pagedResponse } from "../../core/api/paged-response";
import { personName } from "../../core/domain/audit-actor";
import {
  type LabelPresetInput,
  PRESET_DEFAULTS,
  PRESET_FIELDS,
  presetErrors,
  presetInputOf,
  slugify,
  uniqueSlug,
} from "../../core/domain/label-preset";
import { type LimitBand, sortBands } from "../../core/domain/limit-bands";
import { listResource } from "../../core/domain/resources";
import { recordAudit } from "../audit";
import type { Principal } from "../auth/principal";
import type { Db } from "../db/index";
import {
  deletePreset,
  findPreset,
  insertPreset,
  insertPresetVersion,
  presetListColumns,
  presetNamed,
  presetRows,
  presetVersions,
  slugsContaining,
  updatePreset,
} from "../db/label-presets";
import { isUniqueViolation } from "../db/unique-violation";
import { badRequest, HttpError, notFound } from "../errors";
import type { TypedRequests } from "../http/type-provider";
import { parseResourceQuery } from "../lists/parse";
import { runList } from "../lists/run-list";
import { dataErrors } from "./schemas";

const resource = listResource("label-presets");

/** Every rule of the domain, plus the name's uniqueness (only the server can know it), in one 400. */
async function checkPreset(db: Db, companyId: string, input: LabelPresetInput, exceptId?: string) {
  const errors: FieldError[] = presetErrors(input);
  if (!errors.some((e) => e.id === "name")) {
    const clash = await nameClash(db, companyId, input.name, exceptId);
    if (clash) errors.push(clash);
  }
  if (errors.length) throw badRequest(errors.map((e) => `${e.id}: ${e.error}`).join("; "), errors);
}

const NAME_TAKEN = "A preset with this name already exists";
const NAME_TAKEN_ARCHIVED = "An archived preset already has this name: unarchive it or choose another name";

const nameTaken = () => badRequest(NAME_TAKEN, [{ id: "name", error: NAME_TAKEN }]);

/** Names are unique per company, compared case-insensitively (archived presets included). */
async function nameClash(db: Db, companyId: string, name: string, exceptId?: string): Promise<FieldError | null> {
  const clash = await presetNamed(db, companyId, name, exceptId);
  if (!clash) return null;
  return { id: "name", error: clash.isArchived ? NAME_TAKEN_ARCHIVED : NAME_TAKEN };
}

/** A unique-index race lost to a concurrent save: the name index means the name, anything else is a retry. */
function uniqueViolation(e: unknown): HttpError {
  const constraint = (e as { constraint?: string }).constraint ?? "";
  if (constraint.includes("name")) return nameTaken();
  return new HttpError(409, "Another preset was saved at the same moment: please try again");
}

/** Whether two values of a setting differ: bands are lists, compared by their JSON. */
const differs = (a: unknown, b: unknown) => canonical(a) !== canonical(b);

/** A setting's JSON with sorted keys (jsonb answers keys in its own order); an empty list of bands is none. */
function canonical(value: unknown): string {
  if (value === undefined || (Array.isArray(value) && value.length === 0)) return "null";
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const record = value as Record<string, unknown>;
    return `{${Object.keys(record)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(record[key])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value);
}

/** The bands columns are jsonb: written as JSON text (a driver would write a list as a Postgres array). */
function bandColumns(values: Partial<Pick<LabelPresetInput, "temperatureBands" | "humidityBands">>) {
  const json = (bands: LimitBand[] | null | undefined) =>
    bands === undefined ? undefined : bands && bands.length > 0 ? JSON.stringify(sortBands(bands)) : null;
  return {
    ...(values.temperatureBands !== undefined ? { temperatureBands: json(values.temperatureBands) } : {}),
    ...(values.humidityBands !== undefined ? { humidityBands: json(values.humidityBands) } : {}),
  } as Partial<Record<"temperatureBands" | "humidityBands", LimitBand[] | null>>;
}

/** Only the preset's own settings, for the audit trail's before and after. */
function settingsOf(row: LabelPresetInput & { isArchived: boolean }) {
  return { ...presetInputOf(row), isArchived: row.isArchived };
}

/** The settings of one version as saved, for the preset's history. */
async function recordVersion(
  db: Db,
  principal: Principal,
  presetId: string,
  version: number,
  input: LabelPresetInput,
): Promise<void> {
  const { name: _name, ...settings } = presetInputOf(input);
  await insertPresetVersion(db, {
    presetId,
    companyId: principal.companyId,
    version,
    name: input.name,
    settings: JSON.stringify(settings),
    changedBy: principal.userId,
  });
}

export const labelPresetRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<TypedRequests>();
  const { db } = plugin;

  app.get(
    "/label-presets",
    {
      config: { permission: ["read", "labelPreset"] },
      schema: {
        tags: ["label presets"],
        summary: "List the label presets of the caller's company",
        querystring: listQuerystring,
        response: { 200: pagedResponse(labelPresetRecord), 416: dataErrors[400], ...dataErrors },
      },
    },
    async (request) => {
      const query = parseResourceQuery(resource, request.query);
      return runList(db, (qb) => presetRows(qb, request.principal.companyId), {
        resource,
        columns: presetListColumns,
        query,
      });
    },
  );

  app.get(
    "/label-presets/:idOrSlug",
    {
      config: { permission: ["read", "labelPreset"] },
      schema: {
        tags: ["label presets"],
        summary: "One label preset, by id or by its slug",
        params: labelPresetParams,
        response: { 200: labelPresetRecord, ...dataErrors },
      },
    },
    async (request) => {
      const { idOrSlug } = request.params;
      const row = await findPreset(db, request.principal.companyId, idOrSlug);
      if (!row) throw notFound("Label preset not found");
      return row;
    },
  );

  app.get(
    "/label-presets/:idOrSlug/versions",
    {
      config: { permission: ["read", "labelPreset"] },
      schema: {
        tags: ["label presets"],
        summary:
          "The preset's version history, newest first: who saved each version, when, which settings it changed, and how many reports are judged by it",
        params: labelPresetParams,
        response: { 200: Type.Array(labelPresetVersionRecord), ...dataErrors },
      },
    },
    async (request) => {
      const { idOrSlug } = request.params;
      const found = await findPreset(db, request.principal.companyId, idOrSlug);
      if (!found) throw notFound("Label preset not found");
      const rows = await presetVersions(db, request.principal.companyId, found.id);
      const history = rows.map((row, i) => {
        const previous = rows[i - 1];
        const settings: Record<string, unknown> = { name: row.name, ...(row.settings as Record<string, unknown>) };
        const before: Record<string, unknown> | null = previous
          ? { name: previous.name, ...(previous.settings as Record<string, unknown>) }
          : null;
        return {
          version: row.version,
          changedAt: row.changedAt,
          changedBy: row.email ? { name: personName(row) ?? row.email, email: row.email } : null,
          // The first version is the creation: nothing changed yet.
          changes: before ? Object.keys(settings).filter((key) => differs(settings[key], before[key])) : [],
          reportCount: row.reportCount ?? 0,
        };
      });
      return history.reverse();
    },
  );

  app.post(
    "/label-presets",
    {
      config: { permission: ["create", "labelPreset"] },
      schema: {
        tags: ["label presets"],
        summary:
          "Create a label preset; its slug is derived from the name (unique in the company) and never changes, even on a rename",
        body: labelPresetInput,
        response: { 201: labelPresetRecord, ...dataErrors },
      },
    },
    async (request, reply) => {
      const input: LabelPresetInput = { ...PRESET_DEFAULTS, ...request.body };
      input.name = input.name.trim();
      const principal = request.principal;
      try {
        const created = await db.transaction().execute(async (trx) => {
          await checkPreset(trx, principal.companyId, input);
          const taken = await slugsContaining(trx, principal.companyId, slugify(input.name));
          const slug = uniqueSlug(slugify(input.name), new Set(taken));
          const id = await insertPreset(trx, {
            ...input,
            ...bandColumns(input),
            companyId: principal.companyId,
            slug,
            createdBy: principal.userId,
          });
          await recordVersion(trx, principal, id, 1, input);
          await recordAudit(trx, principal, {
            action: "create",
            entity: "labelPreset",
            entityId: id,
            before: null,
            after: { ...input, slug },
          });
          return findPreset(trx, principal.companyId, id);
        });
        return reply.code(201).send(created);
      } catch (e) {
        if (isUniqueViolation(e)) throw uniqueViolation(e);
        throw e;
      }
    },
  );

  app.patch(
    "/label-presets/:idOrSlug",
    {
      config: { permission: ["update", "labelPreset"] },
      schema: {
        tags: ["label presets"],
        summary: "Change a label preset's settings, or archive it (isArchived); a rename keeps the slug",
        params: labelPresetParams,
        body: labelPresetChanges,
        response: { 200: labelPresetRecord, ...dataErrors },
      },
    },
    async (request) => {
      const { idOrSlug } = request.params;
      const changes = request.body;
      const principal = request.principal;
      try {
        return await db.transaction().execute(async (trx) => {
          const before = await findPreset(trx, principal.companyId, idOrSlug, true);
          if (!before) throw notFound("Label preset not found");
          const { isArchived: _archiving, ...edits } = changes;
          const merged: LabelPresetInput = { ...presetInputOf(before), ...edits };
          merged.name = merged.name.trim();
          await checkPreset(trx, principal.companyId, merged, before.id);
          // Reports keep the version they started with; only a real change of a setting makes a new one.
          const edited = PRESET_FIELDS.some((key) => changes[key] !== undefined && differs(merged[key], before[key]));
          const version = edited ? before.version + 1 : before.version;
          await updatePreset(trx, before.id, {
            ...changes,
            ...bandColumns(changes),
            ...(changes.name !== undefined ? { name: merged.name } : {}),
            version,
            updated: new Date(),
          });
          if (edited) await recordVersion(trx, principal, before.id, version, merged);
          const after = await findPreset(trx, principal.companyId, before.id);
          await recordAudit(trx, principal, {
            action: "update",
            entity: "labelPreset",
            entityId: before.id,
            before: settingsOf(before),
            after: after ? settingsOf(after) : null,
          });
          return after;
        });
      } catch (e) {
        if (isUniqueViolation(e)) throw uniqueViolation(e);
        throw e;
      }
    },
  );

  app.delete(
    "/label-presets/:idOrSlug",
    {
      config: { permission: ["delete", "labelPreset"] },
      schema: {
        tags: ["label presets"],
        summary: "Delete a preset no report uses; one in use is 409 (archive it instead)",
        params: labelPresetParams,
        response: { 204: { type: "null" }, 409: dataErrors[400], ...dataErrors },
      },
    },
    async (request, reply) => {
      const { idOrSlug } = request.params;
      const principal = request.principal;
      await db.transaction().execute(async (trx) => {
        const before = await findPreset(trx, principal.companyId, idOrSlug, true);
        if (!before) throw notFound("Label preset not found");
        const used = before.reportCount ?? 0;
        if (used > 0) {
          const reports = used === 1 ? "1 label report uses" : `${used} label reports use`;
          throw new HttpError(409, `${reports} this preset, so it cannot be deleted: archive it instead`);
        }
        await deletePreset(trx, before.id);
        await recordAudit(trx, principal, {
          action: "delete",
          entity: "labelPreset",
          entityId: before.id,
          before: settingsOf(before),
          after: null,
        });
      });
      return reply.code(204).send();
    },
  );
};
