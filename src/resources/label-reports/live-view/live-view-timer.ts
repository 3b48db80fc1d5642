/**
 * Live view: while on, cached label report queries are refreshed every
 * interval, and never while the tab is hidden (no requests nobody sees). When the tab
 * shows again the data is refreshed at once, then every interval.
 */

export const LIVE_VIEW_INTERVAL_MS = 15_000;

/** The part of `document` the timer needs; tests pass a fake. */
export interface VisibilitySource {
  readonly visibilityState: DocumentVisibilityState;
  addEventListener(type: "visibilitychange", listener: () => void): void;
  removeEventListener(type: "visibilitychange", listener: () => void): void;
}

export interface LiveViewOptions {
  onTick: () => void;
  intervalMs?: number;
  visibility?: VisibilitySource;
}

/** Starts the refresh timer; returns the function that stops it. */
export function startLiveView({
  onTick,
  intervalMs = LIVE_VIEW_INTERVAL_MS,
  visibility = document,
}: LiveViewOptions): () => void {
  let timer: ReturnType<typeof setInterval> | null = null;
  const stop = () => {
    if (timer !== null) clearInterval(timer);
    timer = null;
  };
  const start = () => {
    if (timer === null) timer = setInterval(onTick, intervalMs);
  };
  const onVisibility = () => {
    if (visibility.visibilityState === "hidden") {
      stop();
    } else if (timer === null) {
      onTick();
      start();
    }
  };
  visibility.addEventListener("visibilitychange", onVisibility);
  if (visibility.visibilityState !== "hidden") start();
  return () => {
    stop();
    visibility.removeEventListener("visibilitychange", onVisibility);
  };
}
