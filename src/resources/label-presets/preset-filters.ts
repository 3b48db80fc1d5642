import type { Filter } from "@core/domain/list-query";

/** The preset list's filters as list-grammar filters, and back (for the controls). */

export const ARCHIVE_FILTER_KEY = "isArchived";
export type ArchiveChoice = "all" | "active" | "archived";

export function archiveChoiceOf(filters: readonly Filter[]): ArchiveChoice {
  const filter = filters.find((f) => f.key === ARCHIVE_FILTER_KEY && f.operator === "eq");
  if (!filter) return "all";
  return filter.value === "true" ? "archived" : "active";
}

export function archiveFilters(choice: ArchiveChoice): Filter[] {
  if (choice === "all") return [];
  return [{ key: ARCHIVE_FILTER_KEY, operator: "eq", value: choice === "archived" ? "true" : "false" }];
}

export const UNIT_FILTERS = [
  { unit: "temperature", key: "temperatureEnabled", label: "Temperature" },
  { unit: "humidity", key: "humidityEnabled", label: "Humidity" },
  { unit: "shock", key: "shockEnabled", label: "Shock" },
] as const;
export type PresetUnit = (typeof UNIT_FILTERS)[number]["unit"];

/** Presets that measure every chosen unit. */
export function unitFilters(units: readonly string[]): Filter[] {
  return UNIT_FILTERS.filter((u) => units.includes(u.unit)).map((u) => ({ key: u.key, operator: "eq", value: "true" }));
}

export function unitsOf(filters: readonly Filter[]): PresetUnit[] {
  return UNIT_FILTERS.filter((u) =>
    filters.some((f) => f.key === u.key && f.operator === "eq" && f.value === "true"),
  ).map((u) => u.unit);
}
