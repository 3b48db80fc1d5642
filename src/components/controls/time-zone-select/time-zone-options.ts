import { getTimeZones } from "@vvo/tzdb";
import type { CountryIconName } from "@/components/icons/country-icons";
import { deviceTimeZone, type TimeZoneChoice } from "@/providers/stores/preferences";
import type { SelectOption } from "../select/select-options";

/**
 * The time-zone table: every zone of @vvo/tzdb plus
 * a UTC entry with offset 0, and how a choice is stored (`system`, `utc` or an IANA zone).
 */

export interface TimeZoneEntry {
  name: string;
  alternativeName: string;
  group: string[];
  continentCode: string;
  continentName: string;
  countryName: string;
  countryCode: string;
  mainCities: string[];
  rawOffsetInMinutes: number;
  abbreviation: string;
  rawFormat: string;
}

const UTC_ZONE = "UTC";

export const UTC_ENTRY: TimeZoneEntry = {
  name: UTC_ZONE,
  alternativeName: "Coordinated Universal Time",
  group: [UTC_ZONE, "Etc/UTC", "Etc/UCT", "Etc/Universal", "Etc/Zulu", "Etc/GMT", "GMT", "Universal", "Zulu"],
  continentCode: "",
  continentName: "",
  countryName: "",
  countryCode: "",
  mainCities: [],
  rawOffsetInMinutes: 0,
  abbreviation: "UTC",
  rawFormat: "+00:00 Coordinated Universal Time",
};

let table: TimeZoneEntry[] | null = null;

/** UTC first, then the world's zones from -11:00 to +14:00. */
export function timeZoneEntries(): TimeZoneEntry[] {
  table ??= [
    UTC_ENTRY,
    ...getTimeZones().map((zone) => ({
      name: zone.name,
      alternativeName: zone.alternativeName,
      group: zone.group,
      continentCode: zone.continentCode,
      continentName: zone.continentName,
      countryName: zone.countryName,
      countryCode: zone.countryCode,
      mainCities: zone.mainCities,
      rawOffsetInMinutes: zone.rawOffsetInMinutes,
      abbreviation: zone.abbreviation,
      rawFormat: zone.rawFormat,
    })),
  ];
  return table;
}

/** 'GMT+01:00', 'GMT-03:30', 'GMT+00:00'. */
export function formatGmtOffset(minutes: number): string {
  const sign = minutes < 0 ? "-" : "+";
  const absolute = Math.abs(minutes);
  const hours = String(Math.floor(absolute / 60)).padStart(2, "0");
  const rest = String(absolute % 60).padStart(2, "0");
  return `GMT${sign}${hours}:${rest}`;
}

/** The entry for a zone name or one of its aliases ('Asia/Calcutta' finds Asia/Kolkata). */
export function findTimeZone(name: string | null | undefined): TimeZoneEntry | undefined {
  if (!name) return undefined;
  const entries = timeZoneEntries();
  return entries.find((entry) => entry.name === name) ?? entries.find((entry) => entry.group.includes(name));
}

function sameZone(a: string, b: string): boolean {
  if (a === b) return true;
  const entry = findTimeZone(a);
  return entry !== undefined && (entry.name === b || entry.group.includes(b));
}

const FLAGS: Record<string, CountryIconName> = {
  CN: "china",
  FR: "france",
  DE: "germany",
  JP: "japan",
  NL: "netherlands",
  PT: "portugal",
  ES: "spain",
  US: "unitedStates",
};

function timeZoneOption(entry: TimeZoneEntry): SelectOption<string> {
  const offset = formatGmtOffset(entry.rawOffsetInMinutes);
  const flag = FLAGS[entry.countryCode];
  return {
    value: entry.name,
    label: `${entry.alternativeName} (${offset})`,
    subLabel: [entry.name, entry.mainCities.join(", ")].filter(Boolean).join(" · "),
    displayValue: `(${offset}) ${entry.name}`,
    ...(flag ? { countryIcon: flag } : {}),
  };
}

let options: SelectOption<string>[] | null = null;

export function timeZoneOptions(): SelectOption<string>[] {
  options ??= timeZoneEntries().map(timeZoneOption);
  return options;
}

/**
 * What a choice in the select is stored as: nothing chosen is utc, UTC is utc, the
 * device's own zone is system, any other zone its name.
 */
export function toTimeZoneChoice(
  selected: string | null | undefined,
  device: string = deviceTimeZone(),
): TimeZoneChoice {
  if (!selected) return "utc";
  if (sameZone(selected, UTC_ZONE)) return "utc";
  if (sameZone(selected, device)) return "system";
  return findTimeZone(selected)?.name ?? selected;
}

/**
 * The zone the select shows for a stored choice. Without one it defaults to the
 * device's zone, unless the default is utc.
 */
export function selectedTimeZone(
  choice: TimeZoneChoice | null | undefined,
  defaultChoice: "system" | "utc" = "system",
  device: string = deviceTimeZone(),
): string {
  const effective = choice ? choice : defaultChoice;
  if (effective === "utc") return UTC_ZONE;
  const name = effective === "system" ? device : effective;
  return findTimeZone(name)?.name ?? name;
}

export interface TimeZoneGroup {
  /** The continent ("Europe"), or "Universal" for UTC. */
  label: string;
  options: { value: string; label: string; search: string }[];
}

/** "GMT+01:00 Berlin": the offset then the zone's main city (its id's last part without one). */
export function timeZoneCityLabel(entry: TimeZoneEntry): string {
  const city = entry.mainCities[0] ?? entry.name.split("/").pop()?.replace(/_/g, " ") ?? entry.name;
  return `${formatGmtOffset(entry.rawOffsetInMinutes)} ${city}`;
}

let groups: TimeZoneGroup[] | null = null;

/**
 * Every zone grouped by continent, west to east within a group, each searchable by its
 * city, its other cities, its id, its country and its zone's name.
 */
export function groupedTimeZoneOptions(): TimeZoneGroup[] {
  if (groups) return groups;
  const byGroup = new Map<string, TimeZoneEntry[]>();
  for (const entry of timeZoneEntries()) {
    const label = entry.continentName || "Universal";
    byGroup.set(label, [...(byGroup.get(label) ?? []), entry]);
  }
  groups = [...byGroup.entries()].map(([label, entries]) => ({
    label,
    options: entries
      .slice()
      .sort(
        (a, b) =>
          a.rawOffsetInMinutes - b.rawOffsetInMinutes || timeZoneCityLabel(a).localeCompare(timeZoneCityLabel(b)),
      )
      .map((entry) => ({
        value: entry.name,
        label: timeZoneCityLabel(entry),
        search: [
          timeZoneCityLabel(entry),
          entry.name,
          entry.mainCities.join(" "),
          entry.countryName,
          entry.alternativeName,
        ]
          .join(" ")
          .toLowerCase(),
      })),
  }));
  return groups;
}
