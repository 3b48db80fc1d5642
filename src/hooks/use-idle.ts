import { useEffect, useState } from "react";

/**
 * True once the browser is idle after mount (at the latest after `timeoutMs`; a second
 * where there is no idle callback): for work no first paint or first request should wait for.
 */
export function useIdle(timeoutMs: number): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof requestIdleCallback === "function") {
      const handle = requestIdleCallback(() => setIdle(true), { timeout: timeoutMs });
      return () => cancelIdleCallback(handle);
    }
    const timer = setTimeout(() => setIdle(true), 1_000);
    return () => clearTimeout(timer);
  }, [timeoutMs]);
  return idle;
}
