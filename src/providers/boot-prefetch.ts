/**
 * One GET started while the dashboard boots, handed to the first identical request. The
 * landing list's API request otherwise waits for the session check, the route guards and
 * the list page's own render (a chain of round trips on a cold load); started at boot it
 * runs in parallel with them, and the data provider takes its answer instead of asking
 * again. Identical means the same URL and headers (so the same role token); anything else,
 * or a request later than PREFETCH_MAX_AGE_MS, goes to the network as usual.
 */

/**
 * How old the boot's answer may be when the list takes it: the list shows it as the page's
 * first state, as it would any answer that arrived while the page loaded. A slow device can
 * take many seconds to get the list's code running; asking again then would only repeat
 * the request the page already made (Live view refreshes every 15 s anyway).
 */
export const PREFETCH_MAX_AGE_MS = 30_000;

interface Prefetch {
  key: string;
  startedAt: number;
  response: Promise<Response>;
  /** The answer's JSON once a 200 has arrived and been read (a copy: the response stays unread). */
  body?: unknown;
}

let pending: Prefetch | null = null;

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
  const prefetch: Prefetch = { key: keyOf(url, headers), startedAt: now(), response };
  pending = prefetch;
  response
    .then((answer) =>
      answer.status === 200 && answer.headers.get("content-type")?.includes("json") ? answer.clone().json() : undefined,
    )
    .then(
      (body: unknown) => {
        if (body !== undefined) prefetch.body = body;
      },
      () => undefined, // the request that takes the response sees the failure
    );
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

/**
 * The prefetched answer's JSON for this exact GET, once, when it has already arrived (a 200):
 * a page can then render its first state with it instead of asking and rendering twice.
 * Undefined when there is none, it is not in yet, or it is too old; then nothing is taken.
 */
export function takePrefetchedBody(
  url: string,
  headers: Record<string, string>,
  now: () => number = Date.now,
): { body: unknown; startedAt: number } | undefined {
  const found = pending;
  if (!found || found.body === undefined || found.key !== keyOf(url, headers)) return undefined;
  if (now() - found.startedAt > PREFETCH_MAX_AGE_MS) return undefined;
  pending = null;
  return { body: found.body, startedAt: found.startedAt };
}

/** Drops a prefetch nobody took (tests). */
export function clearPrefetch(): void {
  pending = null;
}
