/**
 * Update detection: the build writes builds/latest.json with
 * its id (vite.config.ts), and the running app compares that file's id with its own.
 * A new id is then confirmed by that build's page manifest, builds/{id}.json (the build
 * metadata file keyed by build id): the modal waits until it is there, so a deploy
 * still copying files never offers a reload into a half-published build, and the
 * files it lists (the new entry's script and styles) are prefetched for the reload.
 */

/** The id of the running build; absent in development tools that do not build (Vitest). */
export const RUNNING_BUILD_ID: string | undefined = import.meta.env.VITE_BUILD_ID as string | undefined;

const LATEST_BUILD_URL = `${import.meta.env.BASE_URL ?? "/"}builds/latest.json`;

/** How often the latest build id is checked (also on window focus). */
export const UPDATE_CHECK_INTERVAL_MS = 60_000;

/** The build id in a latest.json body, or null when it has none. */
export function readBuildId(body: unknown): string | null {
  if (typeof body !== "object" || body === null) return null;
  const id = (body as { buildId?: unknown }).buildId;
  return typeof id === "string" && id !== "" ? id : null;
}

/** The page manifest of one build: its id and the files its first page load needs. */
export interface BuildManifest {
  buildId: string;
  files: string[];
}

export function buildManifestUrl(buildId: string): string {
  return `${import.meta.env.BASE_URL ?? "/"}builds/${encodeURIComponent(buildId)}.json`;
}

const SITE_FILE = /^\w[\w-]*(\.[\w-]+)*(\/\w[\w-]*(\.[\w-]+)*)*$/;

/** The manifest in a builds/{id}.json body, or null when it is not that build's. */
export function readBuildManifest(body: unknown, buildId: string): BuildManifest | null {
  if (readBuildId(body) !== buildId) return null;
  const files = (body as { files?: unknown }).files;
  return {
    buildId,
    // Paths inside this site only: a listed "//host/x.js" must not become a prefetch elsewhere.
    files: Array.isArray(files) ? files.filter((f): f is string => typeof f === "string" && SITE_FILE.test(f)) : [],
  };
}

/** The page manifest of a build; null while it cannot be read (not published yet, offline). */
export async function fetchBuildManifest(
  buildId: string,
  fetchFn: typeof fetch = fetch,
): Promise<BuildManifest | null> {
  try {
    const response = await fetchFn(buildManifestUrl(buildId), {
      cache: "no-store",
      headers: { accept: "application/json" },
    });
    if (!response.ok) return null;
    return readBuildManifest(await response.json(), buildId);
  } catch {
    return null;
  }
}

/** Asks the browser to fetch the new build's files when idle, so the reload is quick. */
export function prefetchBuildFiles(manifest: BuildManifest, doc: Document = document): void {
  const base = import.meta.env.BASE_URL ?? "/";
  for (const file of manifest.files) {
    const href = `${base}${file}`;
    if (doc.head.querySelector(`link[rel="prefetch"][href="${href}"]`)) continue;
    const link = doc.createElement("link");
    link.rel = "prefetch";
    link.href = href;
    doc.head.append(link);
  }
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
