/** The unit the user reads and types temperatures in (their choice, else the company's). */
export { useTemperatureUnit } from "@/hooks/use-display-preferences";
