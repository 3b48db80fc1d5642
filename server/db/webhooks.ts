import { creatorName } from "./api-keys";
import type { Db } from "./index";

/** A company's webhook endpoints as Settings > Webhooks shows them: never the secret. */
export function webhookEndpoints(db: Db, companyId: string) {
  return db
    .selectFrom("webhookEndpoints as w")
    .leftJoin("users as u", "u.id", "w.createdBy")
    .select([
      "w.id",
      "w.url",
      "w.description",
      "w.events",
      "w.enabled",
      "w.created",
      "w.createdBy",
      creatorName("u").as("createdByName"),
    ])
    .where("w.companyId", "=", companyId);
}

/** One endpoint of the company, locked until the transaction ends; undefined for another company's. */
export function lockWebhookEndpoint(db: Db, companyId: string, id: string) {
  return db
    .selectFrom("webhookEndpoints")
    .select(["id", "companyId", "url", "description", "events", "enabled"])
    .where("id", "=", id)
    .where("companyId", "=", companyId)
    .forUpdate()
    .executeTakeFirst();
}

export async function insertWebhookEndpoint(
  db: Db,
  endpoint: {
    companyId: string;
    createdBy: string;
    url: string;
    description: string;
    events: string[];
    enabled: boolean;
    secret: string;
  },
): Promise<string> {
  const row = await db.insertInto("webhookEndpoints").values(endpoint).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

export async function updateWebhookEndpoint(
  db: Db,
  id: string,
  changes: { url?: string; description?: string; events?: string[]; enabled?: boolean; secret?: string },
): Promise<void> {
  await db.updateTable("webhookEndpoints").set(changes).where("id", "=", id).execute();
}

export async function deleteWebhookEndpoint(db: Db, id: string): Promise<void> {
  await db.deleteFrom("webhookEndpoints").where("id", "=", id).execute();
}

/** An endpoint's delivery log, newest first: pending (to be tried), delivered, or failed (given up). */
export function webhookDeliveries(db: Db, endpointId: string, limit: number) {
  return db
    .selectFrom("webhookDeliveries")
    .select((eb) => [
      "id",
      "event",
      "created",
      "attempts",
      "nextAttemptAt",
      "deliveredAt",
      "lastStatus",
      "lastError",
      eb
        .case()
        .when("deliveredAt", "is not", null)
        .then("delivered")
        .when("nextAttemptAt", "is not", null)
        .then("pending")
        .else("failed")
        .end()
        .$castTo<"pending" | "delivered" | "failed">()
        .as("state"),
    ])
    .where("endpointId", "=", endpointId)
    .orderBy("created", "desc")
    .orderBy("id", "desc")
    .limit(limit);
}
