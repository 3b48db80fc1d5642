import type { FastifyInstance } from "fastify";
import { type AppOptions, buildApp } from "../../../server/app";
import { loadSigningKeys, type SigningKeys } from "../../../server/auth/keys";
import { type MintedRoleToken, mintRoleToken } from "../../../server/auth/role-tokens";
import { createSession } from "../../../server/auth/sessions";
import type { DatabaseHandle, Db } from "../../../server/db/index";
import { createTestDatabase } from "./database";

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  keys: SigningKeys;
  /** Headers of a data request made as that user in that company (mints a role token). */
  headersFor(userId: string, companyId: string): Promise<Record<string, string>>;
  close(): Promise<void>;
}

/**
 * A role token as the dashboard gets one: minted for a fresh sign-in session of the
 * person (of the system administrator, for an impersonation token), bound to it.
 */
export async function roleTokenFor(
  db: Db,
  keys: SigningKeys,
  input: { userId: string; companyId: string; impersonatorUserId?: string; ttlSeconds?: number },
): Promise<MintedRoleToken & { sessionHandle: string }> {
  const session = await createSession(db, keys, { userId: input.impersonatorUserId ?? input.userId });
  const sessionHandle = session.payload.sessionHandle;
  return { ...(await mintRoleToken(db, keys, { ...input, sessionHandle })), sessionHandle };
}

export async function createTestApp(options: Partial<AppOptions> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const keys = await loadSigningKeys(database.db);
  const app = await buildApp({ db: database.db, keys, publicUrl: "http://dashboard.test", ...options });
  await app.ready();
  return {
    app,
    database,
    keys,
    async headersFor(userId, companyId) {
      const token = await roleTokenFor(database.db, keys, { userId, companyId });
      return { "api-key": token.secret, jwt: token.jwtToken, "x-database": "postgres" };
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}
