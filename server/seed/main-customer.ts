import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { MAIN_CUSTOMER_COMPANY } from "./accounts";

/** The demo administrator's address: the author of the demo's shipments, presets and deviations. */
const DEMO_ADMINISTRATOR = "admin@demo.example";

/**
 * The main customer's id: the company most demo records (shipments, bands, deviations)
 * belong to. None when the seed made no such company (a bench seed of its own companies).
 */
export async function mainCustomerId(trx: Kysely<Database>): Promise<string | undefined> {
  const company = await trx
    .selectFrom("companies")
    .select("id")
    .where("name", "=", MAIN_CUSTOMER_COMPANY)
    .executeTakeFirst();
  return company?.id;
}

/** The demo administrator with their name and company, when the seed made them. */
export async function demoAdministrator(trx: Kysely<Database>) {
  return trx
    .selectFrom("users as u")
    .innerJoin("userRoles as ur", "ur.userId", "u.id")
    .select(["u.id", "u.email", "u.firstName", "u.lastName", "ur.companyId"])
    .where("u.email", "=", DEMO_ADMINISTRATOR)
    .executeTakeFirst();
}
