import { type RawBuilder, sql } from "kysely";
import type { ApiKeyScope } from "../../core/domain/api-key-scopes";
import type { Db } from "./index";

/** The name of the person joined as `alias` (a left join: null without one), else their e-mail. */
export function creatorName(alias: string): RawBuilder<string | null> {
  const ref = (column: string) => sql.ref(`${alias}.${column}`);
  return sql<
    string | null
  >`coalesce(nullif(trim(${ref("firstName")} || ' ' || ${ref("lastName")}), ''), ${ref("email")})`;
}

/** A company's working keys as Settings > API keys shows them: never the hash. */
export function workingKeys(db: Db, companyId: string) {
  return db
    .selectFrom("apiKeys as k")
    .leftJoin("users as u", "u.id", "k.createdBy")
    .select([
      "k.id",
      "k.name",
      "k.prefix",
      "k.created",
      "k.createdBy",
      "k.lastUsed",
      "k.scopes",
      "k.expiresAt",
      // Who created it, as people recognise them: the name, else the e-mail.
      creatorName("u").as("createdByName"),
    ])
    .where("k.companyId", "=", companyId)
    .where("k.revoked", "is", null);
}

export async function countWorkingKeys(db: Db, companyId: string): Promise<number> {
  const row = await db
    .selectFrom("apiKeys")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("companyId", "=", companyId)
    .where("revoked", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertApiKey(
  db: Db,
  key: {
    companyId: string;
    createdBy: string;
    name: string;
    prefix: string;
    keyHash: string;
    scopes: ApiKeyScope[];
    expiresAt: Date | null;
  },
): Promise<string> {
  const row = await db.insertInto("apiKeys").values(key).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

/** A working key of the company, locked until the transaction ends (a revocation in progress). */
export function lockWorkingKey(db: Db, companyId: string, id: string) {
  return db
    .selectFrom("apiKeys")
    .select(["id", "name", "prefix", "expiresAt"])
    .where("id", "=", id)
    .where("companyId", "=", companyId)
    .where("revoked", "is", null)
    .forUpdate()
    .executeTakeFirst();
}

export async function revokeApiKey(db: Db, id: string): Promise<void> {
  await db.updateTable("apiKeys").set({ revoked: new Date() }).where("id", "=", id).execute();
}

/** The key with this hash, revoked or not: what authenticating a request needs of it. */
export function apiKeyByHash(db: Db, keyHash: string) {
  return db
    .selectFrom("apiKeys")
    .select(["id", "companyId", "lastUsed", "revoked", "scopes", "expiresAt"])
    .where("keyHash", "=", keyHash)
    .executeTakeFirst();
}

/** Stamps the key's last use, unless it was stamped after `notBefore` (by a request running at the same time). */
export async function touchApiKey(db: Db, id: string, notBefore: Date): Promise<void> {
  await db
    .updateTable("apiKeys")
    .set({ lastUsed: new Date() })
    .where("id", "=", id)
    .where((eb) => eb.or([eb("lastUsed", "is", null), eb("lastUsed", "<", notBefore)]))
    .execute();
}

export async function setApiKeyExpiry(db: Db, id: string, expiresAt: Date | null): Promise<void> {
  await db.updateTable("apiKeys").set({ expiresAt }).where("id", "=", id).execute();
}
