import type { FastifyPluginAsync } from "fastify";
import { sql } from "kysely";
import { listResource } from "../../src/domain/resources";
import type { AppContext } from "../app";
import type { Db } from "../db/index";
import { notFound } from "../errors";
import type { ColumnMap } from "../lists/compile";
import { parseResourceQuery } from "../lists/parse";
import { runList } from "../lists/run-list";
import { dataErrors, dateTime, idParams, listQuerystring, nullableString, pagedResponse } from "./schemas";

const resource = listResource("users");

// Raw SQL text is not renamed by the CamelCasePlugin, hence snake_case inside sql``.
const columns: ColumnMap = {
  id: sql.ref("u.id"),
  name: sql`(u.first_name || ' ' || u.last_name)`,
  firstName: sql.ref("u.firstName"),
  lastName: sql.ref("u.lastName"),
  email: sql.ref("u.email"),
  roles: sql.ref("ur.types"),
  created: sql.ref("ur.created"),
};

const user = {
  type: "object",
  properties: {
    id: { type: "string" },
    name: { type: "string" },
    firstName: { type: "string" },
    lastName: { type: "string" },
    email: { type: "string" },
    phone: nullableString,
    roles: { type: "array", items: { type: "string" } },
    created: dateTime,
    hasSignedUp: { type: "boolean" },
  },
} as const;

/** The members of one company: a user shows only through their role in it. */
function baseQuery(db: Db, companyId: string) {
  return db
    .selectFrom("userRoles as ur")
    .innerJoin("users as u", "u.id", "ur.userId")
    .where("ur.companyId", "=", companyId)
    .select([
      "u.id",
      sql<string>`(u.first_name || ' ' || u.last_name)`.as("name"),
      "u.firstName",
      "u.lastName",
      "u.email",
      "u.phone",
      "ur.types as roles",
      "ur.created",
      sql<boolean>`(u.password_hash is not null)`.as("hasSignedUp"),
    ]);
}

export const userRoutes: FastifyPluginAsync<{ context: AppContext }> = async (app, { context }) => {
  const { db } = context;

  app.get(
    "/users",
    {
      config: { permission: ["read", "user"] },
      schema: {
        tags: ["users"],
        summary: "List the members of the caller's company with their roles there",
        querystring: listQuerystring,
        response: { 200: pagedResponse(user), 416: dataErrors[400], ...dataErrors },
      },
    },
    async (request) => {
      const query = parseResourceQuery(resource, request.query);
      return runList(baseQuery(db, request.principal.companyId), { resource, columns, query });
    },
  );

  app.get(
    "/users/:id",
    {
      config: { permission: ["read", "user"] },
      schema: {
        tags: ["users"],
        summary: "One member of the caller's company",
        params: idParams,
        response: { 200: user, ...dataErrors },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      const row = await baseQuery(db, request.principal.companyId).where("u.id", "=", id).executeTakeFirst();
      if (!row) throw notFound("User not found");
      return row;
    },
  );
};
