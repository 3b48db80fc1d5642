/**
 * One GET started while the dashboard boots, its answer handed to the page that asks for
 * the same URL with the same headers (so the same role token). The landing list's API
 * request otherwise waits for the session check, the route guards and the list page's own
 * render (a chain of round trips on a cold load); started at boot it runs in parallel with
 * them. The answer is handed over once it is in and younger than PREFETCH_MAX_AGE_MS;
 * otherwise the page asks the server itself.
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
  /** The answer's JSON once a 200 has arrived and been read. */
  body?: unknown;
}

let pending: Prefetch | null = null;

function keyOf(url: string, headers: Record<string, string>): string {
  const sorted = Object.entries(headers)
    .map(([name, value]) => `${name.toLowerCase()}: ${value}`)
    .sort();
  return JSON.stringify([url, sorted]);
}

/** Starts the GET now; a failure or another status leaves nothing to take (the page then asks itself). */
export function prefetchGet(
  url: string,
  headers: Record<string, string>,
  doFetch: typeof fetch = (...args) => globalThis.fetch(...args),
  now: () => number = Date.now,
): void {
  const prefetch: Prefetch = { key: keyOf(url, headers), startedAt: now() };
  pending = prefetch;
  doFetch(url, { method: "GET", headers })
    .then((answer) =>
      answer.status === 200 && answer.headers.get("content-type")?.includes("json") ? answer.json() : undefined,
    )
    .then(
      (body: unknown) => {
        if (body !== undefined) prefetch.body = body;
      },
      () => undefined, // the page asks again and reports its own failure
    );
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
