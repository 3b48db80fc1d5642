import { type Kysely, sql } from "kysely";

/**
 * Frozen rules: presets get versions, and every report keeps a
 * copy of the rule it is judged by (`label_reports.rule`, `preset_version`), so a later
 * preset edit never changes an existing report's verdict, PDF or content hash.
 *
 * Existing reports get the rule of their preset as it is now (version 1), with the
 * report's own logging interval (the one its label recorded with), and an audit entry
 * ('ruleMigrated') saying the rule was copied by the migration, not at registration.
 */

/** The rule as JSON, built from a preset row `p`, a report row `r` and a version number. */
const RULE_JSON = `jsonb_build_object(
  'temperatureEnabled', p.temperature_enabled,
  'temperatureMin', p.temperature_min,
  'temperatureMax', p.temperature_max,
  'humidityEnabled', p.humidity_enabled,
  'humidityMin', p.humidity_min,
  'humidityMax', p.humidity_max,
  'shockEnabled', p.shock_enabled,
  'shockThresholdG', p.shock_threshold_g,
  'alarmDelayMinutes', p.alarm_delay_minutes,
  'alarmType', p.alarm_type,
  'intervalMinutes', r.interval_minutes,
  'startDelayMinutes', p.start_delay_minutes,
  'batteryWarningLevel', p.battery_warning_level,
  'presetName', p.name,
  'presetVersion', p.version
)`;

const SETTINGS_JSON = `jsonb_build_object(
  'description', p.description,
  'temperatureEnabled', p.temperature_enabled,
  'temperatureMin', p.temperature_min,
  'temperatureMax', p.temperature_max,
  'humidityEnabled', p.humidity_enabled,
  'humidityMin', p.humidity_min,
  'humidityMax', p.humidity_max,
  'shockEnabled', p.shock_enabled,
  'shockThresholdG', p.shock_threshold_g,
  'alarmDelayMinutes', p.alarm_delay_minutes,
  'alarmType', p.alarm_type,
  'intervalMinutes', p.interval_minutes,
  'startDelayMinutes', p.start_delay_minutes,
  'batteryWarningLevel', p.battery_warning_level
)`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table label_presets add column version integer not null default 1`.execute(db);
  await sql`
    create table label_preset_versions (
      id uuid primary key default gen_random_uuid(),
      preset_id uuid not null references label_presets(id) on delete cascade,
      company_id uuid not null references companies(id) on delete cascade,
      version integer not null,
      name text not null,
      settings jsonb not null,
      changed_by uuid references users(id) on delete set null,
      changed_at timestamptz not null default now(),
      unique (preset_id, version)
    )`.execute(db);
  await sql`
    insert into label_preset_versions (preset_id, company_id, version, name, settings, changed_by, changed_at)
    select p.id, p.company_id, p.version, p.name, ${sql.raw(SETTINGS_JSON)}, p.created_by, p.updated
    from label_presets p`.execute(db);

  await sql`alter table label_reports add column rule jsonb, add column preset_version integer`.execute(db);
  await sql`
    update label_reports r
    set rule = ${sql.raw(RULE_JSON)}, preset_version = p.version
    from label_presets p
    where p.id = r.preset_id`.execute(db);
  await sql`
    insert into audit_log (company_id, action, entity, entity_id, before, after, reason)
    select r.company_id, 'ruleMigrated', 'labelReport', r.id::text, null, r.rule,
      'Rule copied by the migration from the preset as it was then (reports registered earlier kept no copy)'
    from label_reports r
    where r.rule is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from audit_log where entity = 'labelReport' and action = 'ruleMigrated'`.execute(db);
  await sql`alter table label_reports drop column rule, drop column preset_version`.execute(db);
  await sql`drop table label_preset_versions`.execute(db);
  await sql`alter table label_presets drop column version`.execute(db);
}
