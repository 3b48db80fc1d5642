import { useEffect, useState } from "react";
import {
  fetchBuildManifest,
  fetchLatestBuildId,
  isUpdateAvailable,
  prefetchBuildFiles,
  RUNNING_BUILD_ID,
  UPDATE_CHECK_INTERVAL_MS,
} from "./build-version";

export interface UpdateCheckOptions {
  /** The running build's id; without one nothing is checked. */
  currentBuildId?: string | undefined;
  intervalMs?: number;
  url?: string;
  fetch?: typeof fetch;
}

/**
 * Polls the published build id every interval and when the window regains focus;
 * true once it differs from the running build and that build's page manifest is
 * published (and stays true: polling stops).
 */
export function useUpdateCheck({
  currentBuildId = RUNNING_BUILD_ID,
  intervalMs = UPDATE_CHECK_INTERVAL_MS,
  url,
  fetch: fetchFn,
}: UpdateCheckOptions = {}): boolean {
  const [available, setAvailable] = useState(false);

  useEffect(() => {
    if (!currentBuildId || available) return;
    let cancelled = false;
    let checking = false;
    const check = async () => {
      if (checking) return;
      checking = true;
      const fetcher = fetchFn ?? globalThis.fetch.bind(globalThis);
      const latest = await fetchLatestBuildId(fetcher, url);
      const manifest =
        latest && isUpdateAvailable(currentBuildId, latest) ? await fetchBuildManifest(latest, fetcher) : null;
      checking = false;
      if (cancelled || !manifest) return;
      prefetchBuildFiles(manifest);
      setAvailable(true);
    };
    const timer = setInterval(check, intervalMs);
    const onFocus = () => void check();
    const onVisible = () => {
      if (document.visibilityState === "visible") void check();
    };
    window.addEventListener("focus", onFocus);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      cancelled = true;
      clearInterval(timer);
      window.removeEventListener("focus", onFocus);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [currentBuildId, intervalMs, url, fetchFn, available]);

  return available;
}
