import { type Kysely, sql } from "kysely";

/**
 * Indexes for the label-report list beyond its default (company, not archived, newest
 * first): with a million reports in one company, any other filter or order read every
 * row of the company and sorted it (1–4 s a request; 2 requests a second under load).
 * Each index matches one order the list offers, with the company first and the id last
 * as the list's tie-break, so page 1 (and every `after` page) reads about a page of rows:
 * - created in either direction, whatever the filter (an explicit filter replaces the
 *   default isArchived one, and the archived index needs that equality);
 * - label id (the search box's column), status then created (also status filters
 *   ordered by created), end time (nulls last, as the list orders it), temperature
 *   violation then created;
 * - created alone, newest first: a distributor sees its own and its sub-companies'
 *   reports ("company in (…)"), which no company-first index returns in order; walking
 *   all reports newest first and keeping theirs is short when they hold a fair share
 *   (the planner still takes the company indexes for a small one);
 * - partial indexes of the rare flags (violations, low battery), newest first: a filter
 *   on one of them finds its rows and counts them (the capped count) without reading
 *   the rows that do not match.
 */
export const LIST_ORDER_INDEXES: [name: string, definition: string][] = [
  ["label_reports_company_created", "(company_id, created desc, id desc)"],
  ["label_reports_created", "(created desc, id desc)"],
  ["label_reports_company_label", "(company_id, label_id, id)"],
  ["label_reports_company_status_created", "(company_id, status, created desc, id desc)"],
  ["label_reports_company_end", "(company_id, end_time desc nulls last, id desc)"],
  ["label_reports_company_tviolation_created", "(company_id, temperature_violation desc, created desc, id desc)"],
  ["label_reports_temperature_violation", "(company_id, created desc, id desc) where temperature_violation"],
  ["label_reports_humidity_violation", "(company_id, created desc, id desc) where humidity_violation"],
  ["label_reports_shock_violation", "(company_id, created desc, id desc) where shock_violation"],
  ["label_reports_battery_low", "(company_id, created desc, id desc) where battery_low"],
];

export async function createListOrderIndexes<DB>(db: Kysely<DB>): Promise<void> {
  for (const [name, definition] of LIST_ORDER_INDEXES) {
    await sql`create index if not exists ${sql.raw(name)} on label_reports ${sql.raw(definition)}`.execute(db);
  }
}

export async function dropListOrderIndexes<DB>(db: Kysely<DB>): Promise<void> {
  for (const [name] of LIST_ORDER_INDEXES) await sql`drop index if exists ${sql.raw(name)}`.execute(db);
}

/** @alias The migration's names for the two functions the seed also calls. */
export const up = createListOrderIndexes;
/** @alias */
export const down = dropListOrderIndexes;
