import type { Unit } from "@core/domain/units";

/** The data tabs: Temperature and Humidity, each tied to a unit. */

export interface DataTab {
  key: string;
  label: string;
  unit: Unit;
}

export const DEFAULT_DATA_TABS: DataTab[] = [
  { key: "temperature", label: "Temperature", unit: "temperature" },
  { key: "humidity", label: "Humidity", unit: "humidity" },
];

/** The tab bar shows only with more than one tab. */
export function showTabBar(tabs: readonly DataTab[]): boolean {
  return tabs.length > 1;
}
