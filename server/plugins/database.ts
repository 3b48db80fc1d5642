import fp from "fastify-plugin";
import type { Db } from "../db/index";

/**
 * `app.db` for every plugin and route. Whoever opened the database (server/main.ts, a
 * test) closes it: one handle may outlive several apps (tests build a second one on it).
 */
export const databasePlugin = fp<{ db: Db }>(
  async (app, { db }) => {
    app.decorate("db", db);
  },
  { name: "database", fastify: "5.x" },
);
