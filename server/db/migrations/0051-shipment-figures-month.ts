import { type Kysely, sql } from "kysely";

/**
 * The departure's UTC month stored in each shipment's figures (a generated column, so the
 * refresh of 0049 keeps it without a change), and the period index covering it. The
 * performance query groups the period's shipments per route and month in one sort
 * (server/db/performance.ts); a month computed per row at request time made that sort
 * compare texts built on the fly.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table shipment_figures add column departed_month timestamp
    generated always as (date_trunc('month', departed at time zone 'UTC')) stored`.execute(db);
  await sql`drop index if exists shipment_figures_company_departed`.execute(db);
  await sql`
    create index shipment_figures_company_departed on shipment_figures (company_id, departed)
    include (origin, destination, carrier, departed_month, alarmed, incomplete, out_minutes, logged_minutes, transit_hours)
    where departed is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists shipment_figures_company_departed`.execute(db);
  await sql`alter table shipment_figures drop column if exists departed_month`.execute(db);
  await sql`
    create index shipment_figures_company_departed on shipment_figures (company_id, departed)
    include (origin, destination, carrier, alarmed, incomplete, out_minutes, logged_minutes, transit_hours)
    where departed is not null`.execute(db);
}
