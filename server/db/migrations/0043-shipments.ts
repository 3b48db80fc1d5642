import { type Kysely, sql } from "kysely";

/**
 * Shipments: a company's shipment groups one or more of its label reports.
 * - `shipments`: reference (unique per company, case-insensitive), the route (origin,
 *   destination, carrier, transport mode), the planned departure and arrival, and the
 *   product and batch as plain text (products and their stability budgets come later and
 *   can replace them with references). Origin, destination, carrier and transport mode are
 *   indexed per company for the list's filters and the later lane and carrier aggregates.
 * - `label_reports.shipment_id`: the shipment a report belongs to (none by default); a
 *   shipment's reports are always of its company (checked by the server when attaching).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table shipments (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies(id) on delete cascade,
      reference text not null check (length(reference) between 1 and 100),
      origin text not null default '',
      destination text not null default '',
      carrier text not null default '',
      transport_mode text not null default 'road'
        check (transport_mode in ('road', 'air', 'sea', 'rail', 'multimodal')),
      planned_departure timestamptz,
      planned_arrival timestamptz,
      product text not null default '',
      batch text not null default '',
      created timestamptz not null default now(),
      updated timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index shipments_company_reference on shipments (company_id, lower(reference))`.execute(db);
  await sql`create index shipments_company_created on shipments (company_id, created desc)`.execute(db);
  // Lanes (origin -> destination) and carriers: the list's filters and the later aggregates.
  await sql`create index shipments_company_lane on shipments (company_id, origin, destination)`.execute(db);
  await sql`create index shipments_company_carrier on shipments (company_id, carrier)`.execute(db);
  await sql`create index shipments_company_mode on shipments (company_id, transport_mode)`.execute(db);
  await sql`create index shipments_company_departure on shipments (company_id, planned_departure)`.execute(db);
  await sql`alter table label_reports add column shipment_id uuid references shipments(id) on delete set null`.execute(
    db,
  );
  await sql`create index label_reports_shipment on label_reports (shipment_id) where shipment_id is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table label_reports drop column if exists shipment_id`.execute(db);
  await sql`drop table if exists shipments`.execute(db);
}
