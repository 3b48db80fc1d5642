import { sql } from "kysely";
import { buildApp } from "../../server/app";
import { newApiKey } from "../../server/auth/api-keys";
import { loadSigningKeys } from "../../server/auth/keys";
import type { Db } from "../../server/db/index";
import { endReportsAtPlannedEnd } from "../../server/ingest/planned-end";
import { count, ms } from "./stats";

/**
 * Planned-end catch-up: a customer whose labels all end the same hour (or a server that
 * was down while they ended) has `reports` recording reports past their planned end. The
 * figure is the time the server's own pass (endReportsAtPlannedEnd, called as the alert
 * worker calls it, until it finds none left) takes to end them all: status, summary from
 * each report's fold state, audit entry and "report ended" alert event each, with one
 * person asking for report-ended e-mails (past the hourly limit they join her digest).
 *
 * The data: one label registered and fed READINGS readings through the real API (so its
 * rule, summary and fold state are the server's own), then its report row, readings and
 * fold state copied set-based to `reports - 1` more labels, all planned to end 30 minutes
 * before the pass (inside the e-mail lookback, so every report raises its alert).
 */

export const PLANNED_END_SIZES = { full: { reports: 100_000 }, quick: { reports: 3_000 } } as const;
const PLANNED_END_BUDGET_MS = 60_000;
const READINGS = 12;
const MINUTE = 60_000;

export interface PlannedEndFigures {
  reports: number;
  readingsPerReport: number;
  seedMs: number;
  ms: number;
  ended: number;
  perSecond: number;
  calls: number;
}

export async function measurePlannedEnd(
  db: Db,
  reports: number,
  log: (line: string) => void,
): Promise<PlannedEndFigures> {
  const seedStarted = performance.now();
  const company = await db
    .insertInto("companies")
    .values({ name: "Bench planned end", type: "customer", addresses: "[]", billing: "{}" })
    .returning("id")
    .executeTakeFirstOrThrow();
  const user = await db
    .insertInto("users")
    .values({ email: "qa@bench.example" })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("userRoles")
    .values({ userId: user.id, companyId: company.id, types: ["user"] })
    .execute();
  await db
    .insertInto("notificationSettings")
    .values({ userId: user.id, companyId: company.id, reportFinished: true })
    .execute();
  const preset = await db
    .insertInto("labelPresets")
    .values({ companyId: company.id, name: "Bench 2-8", slug: "bench-2-8", temperatureMin: 2, temperatureMax: 8 })
    .returning(["id"])
    .executeTakeFirstOrThrow();
  const { key, prefix, keyHash } = newApiKey();
  await db
    .insertInto("apiKeys")
    .values({ companyId: company.id, name: "bench", prefix, keyHash, scopes: ["ingest"] })
    .execute();

  // The template report, through the API; no worker runs (no transport).
  const now = Math.floor(Date.now() / MINUTE) * MINUTE;
  const plannedEnd = new Date(now - 30 * MINUTE);
  const app = await buildApp({ db, keys: await loadSigningKeys(db) });
  const headers = { "api-key": key, "content-type": "application/json" };
  const labelId = "BENCH-PE-0";
  try {
    const registered = await app.inject({
      method: "POST",
      url: "/api/label-reports",
      headers,
      payload: { labelId, presetId: preset.id },
    });
    if (registered.statusCode !== 201) throw new Error(`register: ${registered.statusCode} ${registered.body}`);
    const first = now - 30 * MINUTE - READINGS * 5 * MINUTE;
    const readings = Array.from({ length: READINGS }, (_, n) => ({
      time: new Date(first + n * 5 * MINUTE).toISOString(),
      temperature: 5 + (n % 3),
    }));
    const sent = await app.inject({ method: "POST", url: "/api/readings", headers, payload: { labelId, readings } });
    if (sent.statusCode !== 200) throw new Error(`readings: ${sent.statusCode} ${sent.body}`);
  } finally {
    await app.close();
  }
  const template = await db
    .updateTable("labelReports")
    .set({ endTime: plannedEnd })
    .where("labelId", "=", labelId)
    .returning("id")
    .executeTakeFirstOrThrow();
  await sql`insert into label_reports (company_id, preset_id, label_id, status, start_time, end_time, interval_minutes,
      reading_count, summary, rule, preset_version, last_reading_at, summary_maths)
    select company_id, preset_id, 'BENCH-PE-' || g, status, start_time, end_time, interval_minutes,
      reading_count, summary, rule, preset_version, last_reading_at, summary_maths
    from label_reports, generate_series(1, ${reports - 1}) g where id = ${template.id}`.execute(db);
  await sql`insert into measurements (report_id, t, temperature, humidity, battery)
    select c.id, m.t, m.temperature, m.humidity, m.battery from label_reports c
    join measurements m on m.report_id = ${template.id} where c.id <> ${template.id}`.execute(db);
  await sql`insert into report_summary_states (report_id, basis, reading_count, state)
    select c.id, s.basis, s.reading_count, s.state from label_reports c
    join report_summary_states s on s.report_id = ${template.id} where c.id <> ${template.id}`.execute(db);
  await sql`vacuum (analyze) label_reports, measurements, report_summary_states`.execute(db);
  const due = await db
    .selectFrom("labelReports")
    .select(sql<string>`count(*)`.as("n"))
    .where("status", "=", "recording")
    .where("endTime", "<=", new Date(now))
    .executeTakeFirstOrThrow();
  const seedMs = performance.now() - seedStarted;
  log(`${count(Number(due.n))} due recording reports, ${READINGS} readings each, seeded in ${ms(seedMs)}`);

  const started = performance.now();
  let ended = 0;
  let calls = 0;
  for (;;) {
    const done = await endReportsAtPlannedEnd(db, new Date(), { publicUrl: "http://localhost" });
    calls++;
    ended += done;
    if (done === 0) break;
    log(`ended ${count(ended)} (${ms(performance.now() - started)})`);
  }
  const took = performance.now() - started;
  if (ended !== reports) throw new Error(`ended ${ended} of ${reports} due reports`);
  const events = await db
    .selectFrom("alertEvents")
    .select(sql<string>`count(*)`.as("n"))
    .where("kind", "=", "reportFinished")
    .executeTakeFirstOrThrow();
  if (Number(events.n) !== reports) throw new Error(`${events.n} 'report ended' alerts for ${reports} reports`);
  return {
    reports,
    readingsPerReport: READINGS,
    seedMs,
    ms: took,
    ended,
    perSecond: ended / (took / 1000),
    calls,
  };
}

export function plannedEndRows(f: PlannedEndFigures, judged: boolean) {
  return [
    {
      id: "postgres.plannedEnd",
      measure: `PostgreSQL: ${count(f.reports)} reports past their planned end ended (${f.readingsPerReport} readings each; status, summary, audit, alert)`,
      value: `${(f.ms / 1000).toFixed(1)} s (${count(Math.round(f.perSecond))}/s, ${f.calls} calls)`,
      budget: `≤ ${PLANNED_END_BUDGET_MS / 1000} s`,
      ok: judged ? f.ms <= PLANNED_END_BUDGET_MS : null,
    },
  ];
}
