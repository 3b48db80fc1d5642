import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { SEED_COMPANIES, type SeedCompany } from "./companies";
import type { CompanyRef } from "./reports";

/**
 * The companies that more reports can be added to, read back from the database: the
 * demo companies keep their report shares and lanes; any other company with presets
 * gets a share of 1 and generic lanes.
 */

export interface WeightedCompany {
  company: CompanyRef;
  weight: number;
}

const GENERIC_LANES: [string, string][] = [
  ["Rotterdam", "Antwerp"],
  ["Hamburg", "Berlin"],
  ["Lyon", "Milan"],
  ["Barcelona", "Lisbon"],
];

export async function loadWorld(db: Kysely<Database>): Promise<WeightedCompany[]> {
  const companies = await db.selectFrom("companies").select(["id", "name"]).orderBy("created").orderBy("id").execute();
  const presets = await db
    .selectFrom("labelPresets")
    .selectAll()
    .where("isArchived", "=", false)
    .orderBy("created")
    .orderBy("id")
    .execute();
  const fields = await db.selectFrom("customFields").selectAll().orderBy("created").orderBy("id").execute();

  const out: WeightedCompany[] = [];
  for (const c of companies) {
    const seed: SeedCompany | undefined = SEED_COMPANIES.find((s) => s.name === c.name);
    const own = presets.filter((p) => p.companyId === c.id);
    if (own.length === 0) continue;
    const weight = seed ? seed.reportWeight : 1;
    if (weight <= 0) continue;
    out.push({
      weight,
      company: {
        id: c.id,
        name: c.name,
        lanes: seed?.lanes.length ? seed.lanes : GENERIC_LANES,
        customFields: fields
          .filter((f) => f.companyId === c.id)
          .map((f) => ({ key: f.key, name: f.name, type: f.type, options: f.options, required: f.required })),
        presets: own.map((p) => ({ ...p, weight: 1 })),
      },
    });
  }
  return out;
}
