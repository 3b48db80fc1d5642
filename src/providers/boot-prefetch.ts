/**
 * One GET started while the dashboard boots, handed to the first identical request. The
 * landing list's API request otherwise waits for the session check, the route guards and
 * the list page's own render (a chain of round trips on a cold load); started at boot it
 * runs in parallel with them, and the data provider takes its answer instead of asking
 * again. Identical means the same URL and headers (so the same role token); anything else,
 * or a request later than PREFETCH_MAX_AGE_MS, goes to the network as usual.
 */

export const PREFETCH_MAX_AGE_MS = 10_000;

interface Prefetch {
  key: string;
  startedAt: number;
  response: Promise<Response>;
}

let pending: Prefetch | null = null;
/** The landing list's answer as JSON for the boot preview (src/resources/label-reports/first-paint). */
let preview: { url: string; body: Promise<unknown> } | null = null;

function keyOf(url: string, headers: Record<string, string>): string {
  const sorted = Object.entries(headers)
    .map(([name, value]) => `${name.toLowerCase()}: ${value}`)
    .sort();
  return JSON.stringify([url, sorted]);
}

/** Starts the GET now; a failure is left for the request that takes it (it then asks again). */
export function prefetchGet(
  url: string,
  headers: Record<string, string>,
  doFetch: typeof fetch = (...args) => globalThis.fetch(...args),
  now: () => number = Date.now,
): void {
  const response = doFetch(url, { method: "GET", headers });
  response.catch(() => undefined); // unhandled until taken
  pending = { key: keyOf(url, headers), startedAt: now(), response };
  // A copy of the body for the preview, cloned before the request that takes it reads it
  // (this callback is registered first, so it runs first). Null for anything but a 200.
  const body = response.then((r) => (r.status === 200 ? r.clone().json() : null)).catch(() => null);
  preview = { url, body };
}

/** The boot request's JSON answer for this URL (null when it failed), or undefined when there was none. */
export function prefetchedBody(url: string): Promise<unknown> | undefined {
  return preview?.url === url ? preview.body : undefined;
}

/** The prefetched answer for this exact GET, once; undefined when there is none (or it is too old). */
export function takePrefetched(
  url: string,
  headers: Record<string, string>,
  now: () => number = Date.now,
): Promise<Response> | undefined {
  const found = pending;
  if (!found || found.key !== keyOf(url, headers)) return undefined;
  pending = null;
  return now() - found.startedAt <= PREFETCH_MAX_AGE_MS ? found.response : undefined;
}

/** Drops a prefetch nobody took (tests). */
export function clearPrefetch(): void {
  pending = null;
  preview = null;
}
