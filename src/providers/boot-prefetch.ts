/**
 * One GET started while the dashboard boots, its answer handed to the page that asks for
 * the same URL with the same headers (so the same role token). The landing list's API
 * request otherwise waits for the session check, the route guards and the list page's own
 * render (a chain of round trips on a cold load); started at boot it runs in parallel with
 * them. It is taken once, by whichever asks first: the list's first render when the answer
 * is already in (its rows then show at once), else the data provider's identical request,
 * which waits for it instead of sending the same request again. Anything older than
 * PREFETCH_MAX_AGE_MS, or another URL or role token, goes to the network as usual.
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

/**
 * The prefetched request for this exact GET, once, arrived or still under way: the data
 * provider waits for it instead of sending it again. Undefined when there is none (or it is
 * too old).
 */
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
