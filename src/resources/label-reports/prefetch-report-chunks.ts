import { useEffect } from "react";

/**
 * Once the list has settled (the browser is idle), fetches the code a report needs: the
 * overlay and its chart (uPlot). Opening a report is the next thing most people do; with
 * the code already there it opens on the report's own data alone. Errors are left to the
 * overlay's own import (lazyPage), which shows them.
 */
export function usePrefetchReportChunks(): void {
  useEffect(() => {
    const load = () => {
      void import("./show").catch(() => undefined);
      void import("./chart/report-chart").catch(() => undefined);
    };
    if (typeof window.requestIdleCallback === "function") {
      const handle = window.requestIdleCallback(load, { timeout: 5_000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(load, 2_000);
    return () => window.clearTimeout(timer);
  }, []);
}
