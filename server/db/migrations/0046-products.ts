import { type Kysely, sql } from "kysely";

/**
 * Products and stability budgets:
 * - `products`: a company's product with a code unique in the company (case-insensitive),
 *   its storage range in °C and its stability budget per side, in minutes: how long it may
 *   spend above the range and below it over its whole life.
 * - `shipments.product_id`: the product a shipment carries (none by default). The text
 *   `product` column stays for shipments without one; `batch` stays text, and a product's
 *   batch is (product_id, batch).
 * Consumption is computed from the readings on each read, so nothing is stored per batch.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table products (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies(id) on delete cascade,
      name text not null check (length(name) between 1 and 100),
      code text not null check (length(code) between 1 and 50),
      storage_min real not null,
      storage_max real not null,
      budget_above_minutes integer not null check (budget_above_minutes >= 0),
      budget_below_minutes integer not null check (budget_below_minutes >= 0),
      created timestamptz not null default now(),
      updated timestamptz not null default now(),
      check (storage_min < storage_max)
    )`.execute(db);
  await sql`create unique index products_company_code on products (company_id, lower(code))`.execute(db);
  await sql`create index products_company_name on products (company_id, name)`.execute(db);
  await sql`alter table shipments add column product_id uuid references products(id) on delete set null`.execute(db);
  await sql`create index shipments_product_batch on shipments (product_id, batch) where product_id is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table shipments drop column if exists product_id`.execute(db);
  await sql`drop table if exists products`.execute(db);
}
