import type { ReactNode } from "react";
import { useKnownTemperatureUnit } from "@/hooks/use-display-preferences";
import { PageLoader } from "./page-loader";

/**
 * A page that shows or takes temperatures, once their unit is known (the person's choice,
 * else the company's from GET /api/me): until then the page loader, never the page in °C
 * about to turn into °F.
 */
export function TemperatureUnitGate({ children }: { children: ReactNode }) {
  return useKnownTemperatureUnit() === undefined ? <PageLoader /> : children;
}
