/**
 * Update detection (spec sections 4 and 7): the build writes builds/latest.json with
 * its id (vite.config.ts), and the running app compares that file's id with its own.
 */

/** The id of the running build; absent in development tools that do not build (Vitest). */
export const RUNNING_BUILD_ID: string | undefined = import.meta.env.VITE_BUILD_ID as string | undefined;

export const LATEST_BUILD_URL = `${import.meta.env.BASE_URL ?? "/"}builds/latest.json`;

/** How often the latest build id is checked (also on window focus). */
export const UPDATE_CHECK_INTERVAL_MS = 60_000;

/** The build id in a latest.json body, or null when it has none. */
export function readBuildId(body: unknown): string | null {
  if (typeof body !== "object" || body === null) return null;
  const id = (body as { buildId?: unknown }).buildId;
  return typeof id === "string" && id !== "" ? id : null;
}

/** A newer version is out when the published id is known and differs from the running one. */
export function isUpdateAvailable(running: string | null | undefined, latest: string | null | undefined): boolean {
  return Boolean(running) && Boolean(latest) && running !== latest;
}

/** The published build id; null when it cannot be read (offline, missing file, bad JSON). */
export async function fetchLatestBuildId(
  fetchFn: typeof fetch = fetch,
  url: string = LATEST_BUILD_URL,
): Promise<string | null> {
  try {
    const response = await fetchFn(url, { cache: "no-store", headers: { accept: "application/json" } });
    if (!response.ok) return null;
    return readBuildId(await response.json());
  } catch {
    return null;
  }
}
