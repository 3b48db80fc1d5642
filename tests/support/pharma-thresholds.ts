import type { PresetThresholds } from "../../core/domain/report-summary";

/** A 2–8 °C pharma rule: temperature only, a 30 min single-excursion delay, a label logging every 5 min. */
export const PHARMA: PresetThresholds = {
  temperatureEnabled: true,
  temperatureMin: 2,
  temperatureMax: 8,
  humidityEnabled: false,
  humidityMin: null,
  humidityMax: null,
  shockEnabled: false,
  shockThresholdG: null,
  alarmDelayMinutes: 30,
  alarmType: "single",
  intervalMinutes: 5,
  batteryWarningLevel: 20,
};
