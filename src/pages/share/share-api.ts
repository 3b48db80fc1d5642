import type { ErrorAnswer } from "@core/api/error-answer";
import type { SharedReport } from "@core/api/share-link";

/** GET /api/share/{token}: the report (its schema: core/api/share-link.ts), or why there is none. */
export type ShareAnswer =
  | { kind: "ok"; report: SharedReport }
  | { kind: "gone" }
  | { kind: "notFound" }
  | { kind: "error"; message: string };

export const shareApiUrl = (token: string, tail = "") => `/api/share/${encodeURIComponent(token)}${tail}`;

/** Plain fetch, no credentials: the page works the same for anyone holding the link. */
export async function loadSharedReport(token: string): Promise<ShareAnswer> {
  const response = await fetch(shareApiUrl(token), { credentials: "omit", headers: { accept: "application/json" } });
  if (response.status === 410) return { kind: "gone" };
  if (response.status === 404) return { kind: "notFound" };
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok)
    return {
      kind: "error",
      message: (body as ErrorAnswer | null)?.message ?? `The server answered ${response.status}`,
    };
  return { kind: "ok", report: body as SharedReport };
}
